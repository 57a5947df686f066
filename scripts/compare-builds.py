#!/usr/bin/env python3
# Runs every springplot command of README.md and docs/springplot.md (code blocks and gallery cells)
# with two springplot binaries and compares exit codes, standard output, standard error and every
# file written, byte for byte: the check that an internal change leaves every documented output alone.
#
#     scripts/compare-builds.py OLD_SPRINGPLOT NEW_SPRINGPLOT
#
# Commands that use a shell pipe are skipped (and listed); run those by hand.
import re, os, sys, subprocess, shlex, tempfile, hashlib, shutil
repo = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
old, new = sys.argv[1], sys.argv[2]
cmds = []
for doc in ['README.md', 'docs/springplot.md']:
    text = open(os.path.join(repo, doc)).read()
    for block in re.findall(r'```(?:sh|bash|console)?\n(.*?)```', text, re.S):
        for line in block.splitlines():
            line = line.strip()
            if line.startswith('springplot '): cmds.append(line.split('  #')[0].split(' # ')[0].strip())
    for cell in re.findall(r'`(springplot [^`]+)`', text): cmds.append(cell)
    for cell in re.findall(r'\| (springplot [^|`]+?) !\[', text):
        cmds.append(re.sub(r'\[([^\]]+)\]\(([^)]+)\)', r'\2', cell).strip())
seen = []; [seen.append(c) for c in cmds if c not in seen]
def run(binary, cmd, work):
    cmd = cmd.replace('-o docs/gallery/', '-o ')
    argv = shlex.split(cmd)
    if any(ch in cmd for ch in '|<>;&'): return None
    argv[0] = binary
    p = subprocess.run(argv, cwd=work, capture_output=True, timeout=300)
    files = {}
    for root, _, fs in os.walk(work):
        for f in fs:
            full = os.path.join(root, f)
            if os.path.islink(full) or '/links/' in full: continue
            files[os.path.relpath(full, work)] = hashlib.sha256(open(full, 'rb').read()).hexdigest()
    return p.returncode, p.stdout, p.stderr.replace(binary.encode(), b'springplot'), files
same = differ = skipped = 0
for cmd in seen:
    results = []
    for b in (old, new):
        work = tempfile.mkdtemp()
        for name in ['Tests', 'docs', 'scripts', 'Fuzz']: os.symlink(os.path.join(repo, name), os.path.join(work, name))
        os.symlink(os.path.join(repo, 'docs/examples'), os.path.join(work, 'examples'))
        results.append(run(b, cmd, work))
        shutil.rmtree(work)
    if results[0] is None: skipped += 1; print('skipped (shell syntax):', cmd); continue
    if results[0] == results[1]:
        same += 1
    else:
        differ += 1
        a, b = results
        print('DIFFERS:', cmd, 'rc', a[0], b[0], 'stdout same' if a[1] == b[1] else 'stdout differs',
              'stderr same' if a[2] == b[2] else 'stderr differs', 'files', sorted(set(a[3].items()) ^ set(b[3].items())))
print(f'{len(seen)} commands: {same} identical, {differ} different, {skipped} skipped')
