#pragma once
// Where the poll can listen: the machine's IPv4 addresses, the likeliest to
// be the classroom's network first, this machine alone (loopback) last.

#include <QHostAddress>
#include <QList>
#include <QString>

namespace lockstock {

struct PollAddress {
    QHostAddress address;
    QString name;   // the interface's ("wlp2s0"); empty for loopback
};

QList<PollAddress> pollAddresses();

} // namespace lockstock
