#pragma once
// --listen HOST:PORT, for the commands that open a port (observe's proxy,
// lesson's class poll).

#include <QString>

namespace lockstock {

// HOST:PORT, an IPv6 host in brackets, PORT 0 for a free one; false with the error printed.
bool readListenOption(const QString &text, QString *host, int *port);

} // namespace lockstock
