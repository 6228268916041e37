#pragma once

#include <QString>

namespace lockstock {

// lockstock [--redis HOST:PORT] [FILE.json]: the simulator window, with that
// scenario file open. Makes its own QGuiApplication once the arguments and
// the file are good: a bad one is said on the terminal, with no window.
// Its options are the program's: --help (the window's options under
// `overview`) and --version.
int windowCommand(int &argc, char **argv, const QString &overview);

} // namespace lockstock
