import Glibc
import SpringPlotCommands

let status = Main.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
