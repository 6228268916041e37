#pragma once

namespace lockstock {

// lockstock [--redis HOST:PORT] [FILE.json]: the simulator window, with that
// scenario file open. Makes its own QGuiApplication once the arguments and
// the file are good: a bad one is said on the terminal, with no window.
int windowCommand(int &argc, char **argv);

} // namespace lockstock
