"""springplot against hostile input (issue "Hardening"): every run exits below 128, refuses with
exactly one line on standard error, takes under 10 s, fits in 2 GiB of address space, and `track`
leaves no scratch folder in TMPDIR.

First the issue's reproducers, then a sweep of every numeric option of every subcommand over
hs.HOSTILE_VALUES (marked `sweep`)."""
import pathlib

import pytest

import hostile_support as hs


def run(args, tmp_path, *, stdin=None, tracks=False):
    """Runs springplot in tmp_path with TMPDIR = tmp_path/tmp, and checks the contract."""
    return hs.run_checked(args, tmp_path, stdin=stdin, tracks=tracks)


# ----------------------------------------------------------------------------- 4. the CLI hangs

def test_export_damping_1e_8(tmp_path):
    run(["export", "--damping", "1e-8"], tmp_path)


def test_curve_every_platform_damping_1e_8(tmp_path):
    run(["curve", "--platform", "all", "--damping", "1e-8", "-o", tmp_path / "out.png"], tmp_path)


def test_export_from_code_tiny_damping_fraction(tmp_path):
    run(["export", "--from-code", ".spring(response: 0.5, dampingFraction: 1e-9)"], tmp_path)


def test_track_folder_at_1e_9_fps(tmp_path, files):
    run(["track", files.frames, "--fps", "1e-9"], tmp_path, tracks=True)


@pytest.mark.parametrize("stretch", [1e6, 1e12])
def test_fit_time_stretched_recording(tmp_path, stretch):
    data = hs.write_csv(tmp_path / "stretched.csv", [(t * stretch, x) for t, x in hs.spring_rows()])
    run(["fit", data], tmp_path)


@pytest.mark.parametrize("stretch", [1e6, 1e12])
def test_fit_from_rest_time_stretched_recording(tmp_path, stretch):
    data = hs.write_csv(tmp_path / "stretched.csv", [(t * stretch, x) for t, x in hs.spring_rows()])
    run(["fit", "--from-rest", data], tmp_path)


# A spring given in the freezing values, to every command that takes a spring.
FREEZING = {"damping=1e-8": ["--damping=1e-8"], "damping=1e6": ["--damping=1e6"], "response=1e6": ["--response=1e6"],
            "friction=1e-8": ["--react-spring-tension=170", "--friction=1e-8"]}
SPRING_COMMANDS = {"curve": ["-o", "{out.svg}"], "retarget": ["-o", "{out.svg}"], "integrators": ["-o", "{out.svg}"],
                   "phase": ["-o", "{out.svg}"], "info": [], "data": [], "export": [], "verify": ["{trajectory}"]}


@pytest.mark.parametrize("command", list(SPRING_COMMANDS))
@pytest.mark.parametrize("spring", list(FREEZING))
def test_freezing_springs_on_every_command(tmp_path, files, command, spring):
    extra = [a.replace("{out.svg}", str(tmp_path / "out.svg")).replace("{trajectory}", str(files.trajectory))
             for a in SPRING_COMMANDS[command]]
    run([command] + FREEZING[spring] + extra, tmp_path)


# ------------------------------------------------------------------ 5. the CLI crashes without a word

@pytest.mark.parametrize("command", ["curve", "retarget", "phase", "grid", "info", "integrators", "data", "export"])
def test_target_5e_324(tmp_path, command):
    output = ["-o", tmp_path / "out.svg"] if command in ("curve", "retarget", "phase", "grid", "integrators") else []
    run([command, "--to", "5e-324"] + output, tmp_path)


@pytest.mark.parametrize("extension", ["svg", "png"])
def test_curve_time_span_5e_324(tmp_path, extension):
    run(["curve", "--time-span", "5e-324", "-o", tmp_path / f"out.{extension}"], tmp_path)


def test_export_css_error_1e_320(tmp_path):
    run(["export", "--target", "css", "--error", "1e-320"], tmp_path)


def test_export_huge_damping_coefficient_and_mass(tmp_path):
    run(["export", "--stiffness", "100", "--damping-coefficient", "1e308", "--mass", "1e10"], tmp_path)


@pytest.mark.parametrize("velocity", [False, True])
def test_verify_values_near_the_largest_double(tmp_path, velocity):
    rows = [(i / 60, 1e308 if i % 2 else -1e308) + ((-1e308 if i % 2 else 1e308),) * velocity for i in range(30)]
    data = hs.write_csv(tmp_path / "huge.csv", rows, header="t,position,velocity" if velocity else "t,position")
    run(["verify", data], tmp_path)


@pytest.mark.parametrize("from_rest", [True, False])
def test_fit_times_near_1e299(tmp_path, from_rest):
    rows = [(1e299 + i * 1e297, x) for i, (_, x) in enumerate(hs.spring_rows())]
    data = hs.write_csv(tmp_path / "late.csv", rows)
    run(["fit"] + (["--from-rest"] if from_rest else []) + [data], tmp_path)


@pytest.mark.parametrize("roi", ["9223372036854775807,0,10,10", "0,9223372036854775807,10,10",
                                 "9223372036854775800,9223372036854775800,32768,32768"])
def test_track_roi_beyond_every_frame(tmp_path, files, roi):
    run(["track", files.clip, "--roi", roi], tmp_path, tracks=True)


# -------------------------------------------------------------------------- 6. memory without bound

def test_retarget_time_span_1e_322(tmp_path):
    run(["retarget", "--time-span", "1e-322", "-o", tmp_path / "out.svg"], tmp_path)


@pytest.mark.parametrize("platform", ["react-spring", "auto"])
def test_verify_two_rows_spanning_1e300_seconds(tmp_path, platform):
    data = hs.write_csv(tmp_path / "long.csv", [(0.0, 0.0), (1e300, 1.0)])
    run(["verify", data, "--platform", platform], tmp_path)


HEADER_SIZES = {"100MB": 100_000_000, "60MB": 60_000_000}  # the issue's, and one under a 64 MiB file cap


@pytest.mark.parametrize("size", list(HEADER_SIZES))
@pytest.mark.parametrize("command", ["verify", "fit"])
def test_long_header_line(tmp_path, files, command, size):
    run([command, files.header_of(HEADER_SIZES[size])], tmp_path)


@pytest.mark.parametrize("size", list(HEADER_SIZES))
@pytest.mark.parametrize("command", ["verify", "fit"])
def test_long_header_line_on_standard_input(tmp_path, files, command, size):
    run([command, "-"], tmp_path, stdin=files.header_of(HEADER_SIZES[size]).read_bytes())


def test_track_five_huge_png_frames(tmp_path, files):
    run(["track", files.huge_frames], tmp_path, tracks=True)


def test_track_one_huge_png(tmp_path, files):
    run(["track", files.huge_png], tmp_path, tracks=True)


# ----------------------------------------------------------------------------------------- sweep

# Options that need a partner to describe a spring (given a plain value, so the swept one is blamed).
PARTNERS = {"stiffness": ["--damping-coefficient=10"], "damping-coefficient": ["--stiffness=100"],
            "react-spring-tension": ["--friction=26"], "friction": ["--react-spring-tension=170"],
            "figma-stiffness": ["--figma-damping=10"], "figma-damping": ["--figma-stiffness=100"],
            "origami-tension": ["--origami-friction=10"], "origami-friction": ["--origami-tension=40"],
            "pop-bounciness": ["--pop-speed=10"], "pop-speed": ["--pop-bounciness=5"],
            "bounce": ["--swiftui-duration=0.5"]}
CHART_COMMANDS = {"curve", "retarget", "integrators", "phase", "grid"}
CANVAS_OPTIONS = {"width", "height", "scale"}


def sweep_cases():
    cases = []
    for command, options in hs.subcommand_options().items():
        for option, value_name in options:
            if value_name in hs.WORD_VALUES:
                continue
            for value in hs.HOSTILE_VALUES:
                args = [command]
                if command in ("verify", "fit"):
                    args.append("{trajectory}")
                elif command == "track":
                    args.append("{frames}" if option == "fps" else "{clip}")
                args.append(f"--{option}={value}")
                args += PARTNERS.get(option, [])
                if option == "fps" and command in ("curve", "data", "verify"):
                    args += ["--platform=react-spring"]
                if command in CHART_COMMANDS:
                    args += ["-o", "{out.png}" if option in CANVAS_OPTIONS else "{out.svg}"]
                elif option in CANVAS_OPTIONS:
                    args += ["-o", "{out.png}"]
                cases.append(hs.CliCase(f"{command}--{option}={value}", tuple(args), tracks=command == "track"))
    for value in hs.HOSTILE_VALUES:
        # Every place in --roi, and in grid's ranges.
        for i in range(4):
            roi = ["0", "0", "16", "16"]
            roi[i] = value
            cases.append(hs.CliCase(f"track--roi={','.join(roi)}", ("track", "{clip}", "--roi", ",".join(roi)), tracks=True))
        for axis in ("damping", "response"):
            for template in ("0.5:{}:3", "0.5:1:{}", "{}:1:3"):
                spec = template.format(value)
                cases.append(hs.CliCase(f"grid--{axis}={spec}", ("grid", f"--{axis}={spec}", "-o", "{out.svg}")))
        # The Lottie export: the options that shape its keyframes.
        for option in ("error", "fps", "from", "to", "velocity", "damping", "response"):
            cases.append(hs.CliCase(f"export-lottie--{option}={value}",
                                    ("export", "--target", "lottie", "-o", "{out.json}", f"--{option}={value}")))
        # Pasted code, to export and to the chart.
        for code in (f".spring(response: {value}, dampingFraction: 0.5)", f".spring(response: 0.5, dampingFraction: {value})",
                     f".spring(duration: {value}, bounce: 0.2)"):
            cases.append(hs.CliCase(f"export--from-code={code}", ("export", "--from-code", code)))
            cases.append(hs.CliCase(f"curve--from-code={code}", ("curve", "--from-code", code, "-o", "{out.svg}")))
    return cases


SWEEP = sweep_cases()


@pytest.mark.sweep
@pytest.mark.parametrize("cli_case", SWEEP, ids=[case.id for case in SWEEP])
def test_sweep(cli_sweep, cli_case):
    result, folder, tmpdir = cli_sweep(cli_case)
    extra = []
    if cli_case.tracks:
        left = hs.leftover_entries(tmpdir)
        if left:
            extra.append(f"LEFTOVER: TMPDIR keeps {len(left)} entries after the run: " + ", ".join(left[:5])
                         + (" (it was killed)" if result.timed_out else ""))
    hs.check_cli(result, extra, replacements=[(folder, "$TMP")])
