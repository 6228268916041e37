#pragma once

#include <QStringList>

namespace lockstock {

// lockstock observe [SETUP] [--listen HOST:PORT] [--lock-key P] [--stock-key P]
//                   [--duration S | --until-idle S] [--json FILE] [--trace]
// Puts a recording proxy in front of private redis-servers, records what
// external programs do through it, then prints the checker's verdict.
int observeCommand(const QStringList &arguments);

} // namespace lockstock
