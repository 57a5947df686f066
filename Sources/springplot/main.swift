import Glibc

let status = Main.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
