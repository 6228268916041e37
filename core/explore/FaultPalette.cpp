#include "FaultPalette.h"

namespace lockstock {

namespace {
// How long a lost reply keeps its client waiting: a client library's socket timeout.
constexpr qint64 kLostReplyTimeoutMs = 1000;

// Steps that send a command (a reply can be lost); the others are sleeps.
bool sendsCommand(Step step)
{
    return step != Step::Start && step != Step::Backoff && step != Step::Timer && step != Step::Work;
}

bool hasOwnLockNodes(const RunConfig &config)
{
    return config.nodes.kind == NodeSpec::Kind::Masters;
}

// One fault of `kind` after `point` (on lock node `node` for a server fault).
FaultSet placed(const RunConfig &config, PaletteFault kind, const StepPoint &point, int node)
{
    FaultSet out;
    const QString client = config.clients.value(point.client).name;
    switch (kind) {
    case PaletteFault::Pause:
        // Longer than the lease: it runs out while the client is frozen.
        out.faults << Fault{client, point.step, point.order, Fault::Action::Pause, config.leaseMs + config.leaseMs / 2, 0};
        break;
    case PaletteFault::Crash:
        out.faults << Fault{client, point.step, point.order, Fault::Action::Crash, 0, 0};
        break;
    case PaletteFault::LostReply:
        out.faults << Fault{client, point.step, point.order, Fault::Action::LoseReply, 0, kLostReplyTimeoutMs};
        break;
    case PaletteFault::Restart:
    case PaletteFault::ClockJump: {
        ServerFault f;
        f.node = node;
        f.client = client;
        f.after = point.step;
        f.order = point.order;
        f.action = kind == PaletteFault::Restart ? ServerFault::Action::Restart : ServerFault::Action::ClockJump;
        if (kind == PaletteFault::ClockJump)
            f.jumpMs = config.leaseMs; // the lease runs out at once on that node
        out.serverFaults << f;
        break;
    }
    }
    return out;
}

bool isServerFault(PaletteFault kind)
{
    return kind == PaletteFault::Restart || kind == PaletteFault::ClockJump;
}

// Every single placement of `kind`.
QList<FaultSet> placementsOf(const RunConfig &config, PaletteFault kind, const QList<StepPoint> &points)
{
    QList<FaultSet> out;
    const int nodes = isServerFault(kind) ? config.nodes.count : 1;
    for (const StepPoint &p : points) {
        if (kind == PaletteFault::LostReply && !sendsCommand(p.step))
            continue;
        for (int node = 0; node < nodes; ++node)
            out << placed(config, kind, p, node);
    }
    return out;
}

FaultSet joined(FaultSet a, const FaultSet &b)
{
    a.faults += b.faults;
    a.serverFaults += b.serverFaults;
    return a;
}
} // namespace

QString FaultSet::text(const QStringList &nodeNames) const
{
    QStringList parts;
    for (const Fault &f : faults) {
        QString what = QString::fromLatin1(nameOf(f.action));
        if (f.action == Fault::Action::Pause)
            what += QStringLiteral(" %1 ms").arg(f.pauseMs);
        parts << QStringLiteral("%1 %2 after %3 (order %4)").arg(what, f.client, QLatin1String(nameOf(f.after))).arg(f.order + 1);
    }
    for (const ServerFault &f : serverFaults)
        parts << QStringLiteral("%1 %2 after %3's %4 (order %5)")
                     .arg(QLatin1String(nameOf(f.action)), nodeNames.value(f.node, QStringLiteral("n%1").arg(f.node + 1)),
                          f.client, QLatin1String(nameOf(f.after)))
                     .arg(f.order + 1);
    return parts.join(QStringLiteral("; "));
}

QList<PaletteFault> faultPalette(const RunConfig &config)
{
    QList<PaletteFault> out{PaletteFault::Pause, PaletteFault::Crash, PaletteFault::LostReply};
    if (hasOwnLockNodes(config) && !config.nodes.persistence)
        out << PaletteFault::Restart;
    if (hasOwnLockNodes(config) && config.nodes.count >= 3)
        out << PaletteFault::ClockJump;
    return out;
}

QList<FaultSet> faultPlacements(const RunConfig &config, const QList<StepPoint> &points, int k)
{
    const QList<PaletteFault> palette = faultPalette(config);
    QList<QList<FaultSet>> byKind;
    for (const PaletteFault kind : palette)
        byKind << placementsOf(config, kind, points);
    // Sets of distinct kinds, as combinations of kind indexes, smallest first.
    QList<FaultSet> out;
    QList<FaultSet> frontier{FaultSet{}};
    QList<int> lastKind{-1};
    for (int size = 1; size <= k; ++size) {
        QList<FaultSet> grown;
        QList<int> grownKind;
        for (qsizetype i = 0; i < frontier.size(); ++i)
            for (int kind = lastKind.at(i) + 1; kind < int(byKind.size()); ++kind)
                for (const FaultSet &one : byKind.at(kind)) {
                    grown << joined(frontier.at(i), one);
                    grownKind << kind;
                }
        out += grown;
        frontier = grown;
        lastKind = grownKind;
    }
    return out;
}

RunConfig withFaults(RunConfig config, const FaultSet &faults)
{
    config.faults += faults.faults;
    config.serverFaults += faults.serverFaults;
    return config;
}

} // namespace lockstock
