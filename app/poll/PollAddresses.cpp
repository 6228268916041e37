#include "PollAddresses.h"

#include <QNetworkInterface>

#include <algorithm>

namespace lockstock {

namespace {
// Wi-Fi, then wired, then the bridges of virtual machines and containers.
int likeliness(const QNetworkInterface &i)
{
    const QString name = i.name();
    if (name.startsWith(QLatin1String("docker")) || name.startsWith(QLatin1String("virbr")) || name.startsWith(QLatin1String("br-"))
        || name.startsWith(QLatin1String("veth")) || i.type() == QNetworkInterface::Virtual)
        return 2;
    return i.type() == QNetworkInterface::Wifi ? 0 : 1;
}
} // namespace

QList<PollAddress> pollAddresses()
{
    QList<std::pair<int, PollAddress>> found;
    for (const QNetworkInterface &i : QNetworkInterface::allInterfaces()) {
        const auto flags = i.flags();
        if (!(flags & QNetworkInterface::IsUp) || !(flags & QNetworkInterface::IsRunning) || (flags & QNetworkInterface::IsLoopBack))
            continue;
        for (const QNetworkAddressEntry &e : i.addressEntries())
            if (e.ip().protocol() == QAbstractSocket::IPv4Protocol)
                found.append({likeliness(i), PollAddress{e.ip(), i.humanReadableName()}});
    }
    std::stable_sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QList<PollAddress> out;
    for (const auto &[rank, address] : found)
        out << address;
    out << PollAddress{QHostAddress(QHostAddress::LocalHost), QString()};
    return out;
}

} // namespace lockstock
