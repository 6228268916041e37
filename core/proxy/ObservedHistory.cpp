#include "ObservedHistory.h"

#include <QMap>
#include <QSet>

#include <algorithm>
#include <numeric>

namespace lockstock {

namespace {

bool calls(const QByteArray &lowerScript, const char *command)
{
    return lowerScript.contains(QByteArray("'") + command + '\'') || lowerScript.contains(QByteArray("\"") + command + '"');
}

enum class ScriptKind : quint8 { Release, Acquire, Renew, Decrement, Other };

ScriptKind scriptKind(const QByteArray &script)
{
    const QByteArray t = script.toLower();
    if (calls(t, "del") || calls(t, "unlink"))
        return ScriptKind::Release;
    if (calls(t, "setnx") || calls(t, "nx")
        || (calls(t, "exists") && (calls(t, "set") || calls(t, "hincrby") || calls(t, "hset"))))
        return ScriptKind::Acquire;
    if (calls(t, "pexpire") || calls(t, "expire") || calls(t, "pexpireat") || calls(t, "set"))
        return ScriptKind::Renew;
    if (calls(t, "decrby") || calls(t, "decr") || calls(t, "incrby"))
        return ScriptKind::Decrement;
    return ScriptKind::Other;
}

bool hasOption(const Argv &argv, const char *option)
{
    for (qsizetype i = 3; i < argv.size(); ++i)
        if (argv.at(i).compare(option, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

struct UnionFind {
    explicit UnionFind(int n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
    int find(int x) { return parent[x] == x ? x : parent[x] = find(parent[x]); }
    void unite(int a, int b) { parent[find(a)] = find(b); }
    QList<int> parent;
};

// One command as the lesson sees it.
struct View {
    const ObservedCommand *c = nullptr;
    int lane = -1;
    qint64 tNs = 0;          // when it took effect from the client's side (sent)
    qint64 endNs = 0;        // when the client learned the outcome
    RedisValue reply;        // what the client saw; a queued command gets its EXEC result
    bool seen = false;       // the client got the reply
    bool executed = true;    // Redis ran it (false: discarded or aborted transaction)
    Step step = Step::Other;
    QByteArray token;        // the lock value it used
    bool granted = false;    // an acquire Redis granted
    QString note;
};

struct Lane {
    QList<int> connections;
    qint64 first = 0;
    qint64 pid = 0;
    QString process;
    QByteArray name;
};
} // namespace

ObservedRun buildObservedRun(const RecordingSnapshot &rec, const KeyRoles &roles, const ObservedTopology &topology,
                             const QHash<QByteArray, qint64> &finalStock, const QString &title)
{
    ObservedRun run;
    const QList<ObservedCommand> &commands = rec.commands;

    // Lock values: SET NX arguments, and what probes found in lock keys
    // (values scripts wrote, Redisson's hash fields).
    QSet<QByteArray> tokens;
    for (const ObservedCommand &c : commands) {
        const QByteArray name = commandName(c.argv);
        if ((name == "SET" || name == "SETNX") && c.argv.size() >= 3 && roles.roleOf(c.argv.at(1)) == KeyRole::Lock)
            tokens.insert(c.argv.at(2));
    }
    for (const ObservedProbe &p : rec.probes)
        for (const ObservedKey &k : p.keys)
            if (roles.roleOf(k.key) == KeyRole::Lock && !k.value.isEmpty())
                for (const QByteArray &field : k.value.split(','))
                    tokens.insert(field);
    auto tokenOf = [&tokens](const ObservedCommand &c) -> QByteArray {
        const QByteArray name = commandName(c.argv);
        if ((name == "SET" || name == "SETNX") && c.argv.size() >= 3)
            return c.argv.at(2);
        // A script's lock value: an argument seen in the lock, else its
        // first argument that is not a number (redis-py and redlock pass the
        // value first; Redisson passes the lease, then "uuid:threadId").
        const QList<QByteArray> args = scriptArgs(c.argv);
        for (const QByteArray &a : args)
            if (tokens.contains(a))
                return a;
        for (const QByteArray &a : args) {
            bool number = false;
            a.toDouble(&number);
            if (!number && !a.isEmpty())
                return a;
        }
        return {};
    };

    // --- lanes ---------------------------------------------------------------
    const int connectionCount = int(rec.connections.size());
    UnionFind uf(connectionCount);
    auto pidOf = [&rec](int conn) { return rec.connections.value(conn).pid; };
    // Same process, or one of them unknown and the value too long to be shared by chance.
    auto sameClient = [&](int a, int b, const QByteArray &by) {
        const qint64 pa = pidOf(a), pb = pidOf(b);
        return pa && pb ? pa == pb : by.size() >= 8;
    };
    QHash<QByteArray, QList<int>> byName, byToken;
    for (const ObservedConnection &c : rec.connections)
        if (!c.name.isEmpty())
            byName[c.name] << c.id;
    for (const ObservedCommand &c : commands) {
        if (c.connection < 0 || c.connection >= connectionCount)
            continue;
        bool onLock = false;
        for (const QByteArray &k : commandKeys(c.argv))
            onLock = onLock || roles.roleOf(k) == KeyRole::Lock;
        if (!onLock)
            continue;
        const QByteArray token = tokenOf(c);
        if (!token.isEmpty() && !byToken[token].contains(c.connection))
            byToken[token] << c.connection;
    }
    for (const auto *groups : {&byName, &byToken})
        for (auto it = groups->cbegin(); it != groups->cend(); ++it)
            for (qsizetype i = 1; i < it->size(); ++i)
                for (qsizetype j = 0; j < i; ++j)
                    if (sameClient(it->at(i), it->at(j), groups == &byName ? QByteArray(64, 'x') : it.key())) {
                        uf.unite(it->at(i), it->at(j));
                        break;
                    }

    QHash<int, qint64> firstCommand; // connection -> first send
    for (const ObservedCommand &c : commands)
        if (!firstCommand.contains(c.connection))
            firstCommand.insert(c.connection, c.sentNs);
    QMap<int, Lane> components;
    for (auto it = firstCommand.cbegin(); it != firstCommand.cend(); ++it) {
        const int root = uf.find(it.key());
        Lane &lane = components[root];
        if (lane.connections.isEmpty() || it.value() < lane.first)
            lane.first = it.value();
        lane.connections << it.key();
    }
    QList<Lane> lanes = components.values();
    std::sort(lanes.begin(), lanes.end(), [](const Lane &a, const Lane &b) { return a.first < b.first; });
    QHash<int, int> laneOf;
    QHash<qint64, int> lanesOfProcess;
    for (int i = 0; i < lanes.size(); ++i) {
        Lane &lane = lanes[i];
        std::sort(lane.connections.begin(), lane.connections.end());
        for (int conn : std::as_const(lane.connections)) {
            laneOf.insert(conn, i);
            const ObservedConnection &c = rec.connections.at(conn);
            if (lane.name.isEmpty())
                lane.name = c.name;
            if (!lane.pid && c.pid) {
                lane.pid = c.pid;
                lane.process = c.process;
            }
        }
        if (lane.pid)
            ++lanesOfProcess[lane.pid];
    }
    QSet<QString> taken;
    for (const Lane &lane : std::as_const(lanes)) {
        const QString first = QStringLiteral("c%1").arg(lane.connections.first());
        QString name;
        if (!lane.name.isEmpty())
            name = QString::fromUtf8(lane.name);
        else if (lane.pid)
            name = QStringLiteral("%1:%2").arg(lane.process.isEmpty() ? QStringLiteral("pid") : lane.process).arg(lane.pid)
                + (lanesOfProcess.value(lane.pid) > 1 ? QLatin1Char('/') + first : QString());
        else
            name = first;
        if (taken.contains(name))
            name += QLatin1Char('/') + first;
        taken.insert(name);
        run.lanes.append({name, lane.connections, lane.pid, lane.process});
    }

    // --- resources -----------------------------------------------------------
    QMap<QByteArray, QPair<QList<QByteArray>, QList<QByteArray>>> groups; // resource -> (locks, stocks)
    QHash<QByteArray, int> uses;
    for (const ObservedCommand &c : commands)
        for (const QByteArray &k : commandKeys(c.argv)) {
            const KeyRole role = roles.roleOf(k);
            if (role == KeyRole::None)
                continue;
            ++uses[k];
            auto &g = groups[roles.resourceOf(k)];
            QList<QByteArray> &list = role == KeyRole::Lock ? g.first : g.second;
            if (!list.contains(k))
                list << k;
        }
    QList<QPair<QByteArray, QByteArray>> pairs; // (lock, stock)
    QList<QByteArray> lonelyLocks, lonelyStocks;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
        const auto &[locks, stocks] = it.value();
        if (!locks.isEmpty() && !stocks.isEmpty())
            pairs.append({locks.first(), stocks.first()});
        else if (!locks.isEmpty())
            lonelyLocks << locks.first();
        else
            lonelyStocks << stocks.first();
        if (locks.size() > 1 || stocks.size() > 1)
            run.notes << QStringLiteral("resource %1 has several lock or stock keys; judged: %2")
                             .arg(QString::fromUtf8(it.key()),
                                  QString::fromUtf8(locks.value(0) + ' ' + stocks.value(0)).trimmed());
    }
    // One lock and one stock that name different things still guard each other.
    if (lonelyLocks.size() == 1 && lonelyStocks.size() == 1)
        pairs.append({lonelyLocks.takeFirst(), lonelyStocks.takeFirst()});
    for (const QByteArray &l : std::as_const(lonelyLocks))
        pairs.append({l, QByteArray()});
    for (const QByteArray &s : std::as_const(lonelyStocks))
        pairs.append({QByteArray(), s});
    if (pairs.isEmpty())
        pairs.append({QByteArray(), QByteArray()});
    std::stable_sort(pairs.begin(), pairs.end(), [&uses](const auto &a, const auto &b) {
        return uses.value(a.first) + uses.value(a.second) > uses.value(b.first) + uses.value(b.second);
    });
    for (const InferredKey &k : rec.inferred)
        run.notes << QStringLiteral("%1 key inferred: %2 (%3)")
                         .arg(k.role == KeyRole::Lock ? QStringLiteral("lock") : QStringLiteral("stock"),
                              QString::fromUtf8(k.key), k.reason);

    // Commands by id, probes by the commands they followed.
    QHash<quint64, int> indexOf;
    for (int i = 0; i < commands.size(); ++i)
        indexOf.insert(commands.at(i).id, i);
    QHash<quint64, QList<int>> probesAfter;
    for (int p = 0; p < rec.probes.size(); ++p)
        for (quint64 id : rec.probes.at(p).after)
            probesAfter[id] << p;
    // Transactions: each queued command's result, from its EXEC.
    QHash<quint64, RedisValue> execResult;   // queued command -> its element of EXEC's array
    QSet<quint64> notRun;                    // queued, then discarded or aborted
    {
        QHash<quint64, QList<quint64>> queued; // MULTI id -> queued commands
        for (const ObservedCommand &c : commands) {
            if (!c.multi)
                continue;
            const QByteArray name = commandName(c.argv);
            if (name != "EXEC" && name != "DISCARD") {
                if (c.reply.isStatus("QUEUED"))
                    queued[c.multi] << c.id;
                continue;
            }
            const QList<quint64> ids = queued.take(c.multi);
            const bool ran = name == "EXEC" && c.reply.isArray() && c.reply.items().size() == ids.size();
            for (qsizetype i = 0; i < ids.size(); ++i) {
                if (ran)
                    execResult.insert(ids.at(i), c.reply.items().at(i));
                else
                    notRun.insert(ids.at(i));
            }
        }
        for (const QList<quint64> &ids : std::as_const(queued))
            for (quint64 id : ids)
                notRun.insert(id);
    }
    // The EXEC each queued command ran in.
    QHash<quint64, int> execOf;
    for (int i = 0; i < commands.size(); ++i) {
        const ObservedCommand &c = commands.at(i);
        if (c.multi && commandName(c.argv) == "EXEC")
            for (const ObservedCommand &q : commands)
                if (q.multi == c.multi && execResult.contains(q.id))
                    execOf.insert(q.id, i);
    }

    QStringList laneNames;
    for (const ObservedLane &l : std::as_const(run.lanes))
        laneNames << l.name;

    for (const auto &pair : std::as_const(pairs)) {
        const QByteArray &lockKey = pair.first;
        const QByteArray &stockKey = pair.second;
        // Transactions that touch the stock: their MULTI and EXEC are steps of the lesson.
        QSet<quint64> stockTransactions;
        for (const ObservedCommand &c : commands)
            if (c.multi && !stockKey.isEmpty() && commandKeys(c.argv).contains(stockKey))
                stockTransactions.insert(c.multi);
        // --- views -----------------------------------------------------------
        std::vector<View> views;
        views.reserve(size_t(commands.size()));
        for (const ObservedCommand &c : commands) {
            if (!laneOf.contains(c.connection))
                continue;
            View v;
            v.c = &c;
            v.lane = laneOf.value(c.connection);
            v.tNs = c.sentNs;
            v.seen = c.outcome == ObservedCommand::Outcome::Replied;
            v.reply = c.reply;
            const qint64 closed = rec.connections.value(c.connection).closedNs;
            v.endNs = c.deliveredNs >= 0 ? c.deliveredNs
                : c.repliedNs >= 0      ? c.repliedNs
                : closed >= 0           ? closed
                                        : rec.endNs;
            switch (c.outcome) {
            case ObservedCommand::Outcome::Replied:
                break;
            case ObservedCommand::Outcome::NoReply:
                v.endNs = v.tNs;
                v.note = QStringLiteral("no reply by request (CLIENT REPLY)");
                break;
            case ObservedCommand::Outcome::Indeterminate:
                v.note = QStringLiteral("indeterminate: the connection closed before the client had the reply");
                break;
            case ObservedCommand::Outcome::Dropped:
                v.note = QStringLiteral("reply dropped by the proxy: Redis answered %1, the client never saw it")
                             .arg(c.reply.display());
                break;
            }
            if (const auto exec = execOf.constFind(c.id); exec != execOf.cend()) {
                // Queued: it ran when its EXEC did, and answered in EXEC's reply.
                const ObservedCommand &e = commands.at(*exec);
                v.tNs = e.sentNs;
                v.endNs = e.deliveredNs >= 0 ? e.deliveredNs : v.endNs;
                v.reply = execResult.value(c.id);
                v.seen = e.outcome == ObservedCommand::Outcome::Replied;
                v.note = QStringLiteral("queued, ran in EXEC");
            } else if (notRun.contains(c.id)) {
                v.executed = false;
                v.note = QStringLiteral("queued, never ran (DISCARD or aborted EXEC)");
            }

            const QByteArray name = commandName(c.argv);
            const QList<QByteArray> keys = commandKeys(c.argv);
            const bool onLock = !lockKey.isEmpty() && keys.contains(lockKey);
            const bool onStock = !stockKey.isEmpty() && keys.contains(stockKey);
            const bool script = isScriptCall(name);
            const ScriptKind kind = script ? scriptKind(c.script) : ScriptKind::Other;
            if (c.argv.isEmpty() || !v.executed) {
                v.step = Step::Other;
            } else if (c.multi && name == "EXEC") {
                v.step = stockTransactions.contains(c.multi) ? Step::Exec : Step::Other;
            } else if (name == "MULTI") {
                v.step = stockTransactions.contains(c.id) ? Step::Multi : Step::Other;
            } else if (name == "WATCH") {
                v.step = onStock ? Step::Watch : Step::Other;
            } else if (name == "UNWATCH") {
                v.step = Step::Unwatch;
            } else if (onStock && (!onLock || (script && kind == ScriptKind::Decrement))) {
                if (name == "GET")
                    v.step = Step::ReadStock;
                else if (name == "SET" || name == "GETSET")
                    v.step = Step::WriteStock;
                else if (name == "DECR" || name == "DECRBY" || script
                         || (name == "INCRBY" && c.argv.size() > 2 && c.argv.at(2).toLongLong() < 0))
                    v.step = Step::Decrement;
                else if (name == "INCR" || name == "INCRBY")
                    v.step = Step::Compensate;
            } else if (onLock) {
                v.token = tokenOf(c);
                if (name == "SETNX" || (name == "SET" && hasOption(c.argv, "NX"))) {
                    v.step = Step::Acquire;
                    v.granted = c.reply.isStatus("OK") || (name == "SETNX" && c.reply.isInteger() && c.reply.toInteger() == 1);
                } else if (name == "SET") {
                    v.step = Step::Acquire;
                    v.granted = c.reply.isStatus("OK");
                } else if (name == "EXPIRE" || name == "PEXPIRE" || name == "EXPIREAT" || name == "PEXPIREAT") {
                    v.step = Step::Renew; // Expire when it follows the lane's SETNX, see below
                } else if (name == "DEL" || name == "UNLINK" || name == "GETDEL") {
                    v.step = Step::Release;
                } else if (script) {
                    switch (kind) {
                    case ScriptKind::Release: v.step = Step::Release; break;
                    case ScriptKind::Acquire: v.step = Step::Acquire; break;
                    case ScriptKind::Renew: v.step = Step::Renew; break;
                    default: v.step = Step::Other; break;
                    }
                    if (v.step == Step::Acquire) {
                        // Granted when Redis says so (OK, a count) or when the
                        // probe after it found this token in the lock.
                        bool inLock = false;
                        for (int p : probesAfter.value(c.id))
                            for (const ObservedKey &k : rec.probes.at(p).keys)
                                if (rec.probes.at(p).node == c.node && k.key == lockKey && !v.token.isEmpty()
                                    && k.value.split(',').contains(v.token))
                                    inLock = true;
                        v.granted = inLock || c.reply.isStatus("OK") || (c.reply.isInteger() && c.reply.toInteger() >= 1);
                    }
                }
            }
            views.push_back(std::move(v));
        }
        std::stable_sort(views.begin(), views.end(), [](const View &a, const View &b) { return a.tNs < b.tNs; });

        // Per lane, its views in time order.
        QList<QList<int>> laneViews(run.lanes.size());
        for (int i = 0; i < int(views.size()); ++i)
            laneViews[views[size_t(i)].lane] << i;

        // --- beliefs ---------------------------------------------------------
        std::vector<bool> holds(views.size(), false);
        std::vector<QByteArray> heldToken(views.size());
        struct Crash { int lane; qint64 at; QByteArray token; };
        QList<Crash> crashes;
        for (int l = 0; l < laneViews.size(); ++l) {
            const QList<int> &mine = laneViews.at(l);
            QSet<int> lockNodes;
            QByteArray lastToken;
            bool afterSetnx = false;
            for (int i : mine) {
                View &v = views[size_t(i)];
                if (v.step == Step::Acquire) {
                    lockNodes.insert(v.c->node);
                    lastToken = v.token.isEmpty() ? lastToken : v.token;
                    afterSetnx = commandName(v.c->argv) == "SETNX";
                } else if (v.step == Step::Renew && afterSetnx) {
                    v.step = Step::Expire;
                    afterSetnx = false;
                } else if (v.step != Step::Other) {
                    afterSetnx = false;
                }
                if (v.token.isEmpty() && (v.step == Step::Release || v.step == Step::Renew || v.step == Step::Expire))
                    v.token = lastToken;
                heldToken[size_t(i)] = lastToken;
            }
            const int quorum = (topology.independentMasters && lockNodes.size() >= 2 ? topology.lockNodes() : 1) / 2 + 1;
            // Belief changes in the order the client met them: a grant when
            // its reply arrived, a release when it was sent.
            struct Moment { qint64 at; int view; int kind; }; // 0 grant, 1 let go
            QList<Moment> moments;
            for (int i : mine) {
                const View &v = views[size_t(i)];
                if (v.step == Step::Acquire && v.granted && v.seen)
                    moments.append({v.endNs, i, 0});
                else if (v.step == Step::Release)
                    moments.append({v.tNs, i, 1});
                else if (v.step == Step::Renew && v.seen && (v.reply.isNil() || (v.reply.isInteger() && v.reply.toInteger() == 0)))
                    moments.append({v.endNs, i, 1}); // the renewal found the lock gone: the client knows
            }
            std::stable_sort(moments.begin(), moments.end(), [](const Moment &a, const Moment &b) { return a.at < b.at; });
            QHash<int, int> position;
            for (int p = 0; p < mine.size(); ++p)
                position.insert(mine.at(p), p);
            QByteArray token;
            QSet<int> granted;
            int onAt = -1;
            auto setHeld = [&](int from, int to) {
                for (int p = from; p < to && p < mine.size(); ++p)
                    holds[size_t(mine.at(p))] = true;
            };
            for (const Moment &m : std::as_const(moments)) {
                const View &v = views[size_t(m.view)];
                if (m.kind == 0) {
                    if (v.token != token) {
                        // A new lock value: a new acquisition, whatever came before.
                        if (onAt >= 0)
                            setHeld(onAt, position.value(m.view));
                        onAt = -1;
                        token = v.token;
                        granted.clear();
                    }
                    granted.insert(v.c->node);
                    if (onAt < 0 && granted.size() >= quorum)
                        onAt = position.value(m.view);
                } else {
                    if (onAt >= 0 && position.value(m.view) > onAt)
                        setHeld(onAt, position.value(m.view));
                    onAt = -1;
                    granted.clear();
                    token.clear();
                }
            }
            if (onAt >= 0) {
                setHeld(onAt, int(mine.size()));
                // The client went away holding it: all its connections closed
                // (not by the proxy stopping). That is a crash to the lesson.
                qint64 lastClose = -1;
                bool open = false;
                for (int conn : run.lanes.at(l).connections) {
                    const ObservedConnection &oc = rec.connections.at(conn);
                    open = open || oc.closedNs < 0 || oc.closedBy == QLatin1String("proxy stopped");
                    lastClose = std::max(lastClose, oc.closedNs);
                }
                if (!open && lastClose >= 0)
                    crashes.append({l, lastClose, token});
            }
        }

        // --- orders ------------------------------------------------------------
        struct Order { int lane; qint64 at; bool success; qint64 quantity; int view; QString note; };
        QList<Order> orders;
        qint64 initialStock = kUnknown;
        qint64 known = kUnknown;         // the stock as last seen
        auto stockAfter = [&](const View &v) -> qint64 {
            qint64 out = kUnknown;
            for (int p : probesAfter.value(v.c->id))
                for (const ObservedKey &k : rec.probes.at(p).keys) {
                    bool ok = false;
                    const qint64 value = k.value.toLongLong(&ok);
                    if (k.key == stockKey && k.known && ok)
                        out = value;
                }
            return out;
        };
        if (!stockKey.isEmpty()) {
            QHash<int, qint64> lastRead;              // lane -> value it read
            QHash<int, int> pendingDecrement;         // lane -> index into orders
            for (int i = 0; i < int(views.size()); ++i) {
                const View &v = views[size_t(i)];
                const QByteArray name = commandName(v.c->argv);
                long long n = 0;
                qint64 before = kUnknown, quantity = 0;
                bool order = false;
                bool success = v.seen && !v.reply.isError();
                switch (v.step) {
                case Step::ReadStock:
                    if (v.seen && v.reply.readInteger(n)) {
                        lastRead.insert(v.lane, n);
                        known = n;
                    }
                    break;
                case Step::WriteStock: {
                    const qint64 w = v.c->argv.value(2).toLongLong();
                    if (lastRead.contains(v.lane) && w < lastRead.value(v.lane)) {
                        order = true;
                        before = lastRead.value(v.lane);
                        quantity = before - w;
                    } else if (orders.isEmpty() && !v.reply.isError()) {
                        run.notes << QStringLiteral("%1 set %2 to %3 before any order: the initial stock")
                                         .arg(laneNames.value(v.lane), QString::fromUtf8(stockKey)).arg(w);
                        initialStock = w;
                    }
                    lastRead.remove(v.lane);
                    if (!v.reply.isError())
                        known = w;
                    break;
                }
                case Step::Decrement: {
                    if (isScriptCall(name)) {
                        const qint64 after = stockAfter(v);
                        order = true;
                        before = known;
                        if (before != kUnknown && after != kUnknown) {
                            quantity = before - after;
                            success = success && quantity > 0;
                        } else {
                            quantity = 1;
                            success = success && (v.reply.isStatus("OK") || (v.reply.isInteger() && v.reply.toInteger() > 0));
                        }
                        if (after != kUnknown)
                            known = after;
                        break;
                    }
                    quantity = name == "DECR" ? 1 : std::abs(v.c->argv.value(2).toLongLong());
                    order = true;
                    if (v.seen && v.reply.readInteger(n)) {
                        before = n + quantity;
                        known = n;
                    }
                    break;
                }
                case Step::Compensate:
                    if (pendingDecrement.contains(v.lane)) {
                        Order &o = orders[pendingDecrement.take(v.lane)];
                        o.success = false;
                        o.at = v.endNs;
                        o.note = QStringLiteral("gave the stock back (%1)").arg(displayArgv(v.c->argv));
                    }
                    if (v.seen && v.reply.readInteger(n))
                        known = n;
                    break;
                default:
                    break;
                }
                if (v.step == Step::Decrement || v.step == Step::WriteStock)
                    pendingDecrement.remove(v.lane);
                if (!order)
                    continue;
                if (orders.isEmpty() && before != kUnknown && initialStock == kUnknown)
                    initialStock = before;
                orders.append({v.lane, v.endNs, success, std::max<qint64>(1, quantity), i,
                               success ? QString() : (v.note.isEmpty() ? QStringLiteral("failed") : v.note)});
                if (v.step == Step::Decrement && !isScriptCall(name))
                    pendingDecrement.insert(v.lane, int(orders.size()) - 1);
            }
        }
        if (initialStock == kUnknown)
            initialStock = known != kUnknown ? known : finalStock.value(stockKey, 0);
        QHash<qint64, int> quantities;
        for (const Order &o : std::as_const(orders))
            if (o.success)
                ++quantities[o.quantity];
        qint64 quantity = 1;
        for (auto it = quantities.cbegin(); it != quantities.cend(); ++it)
            if (it.value() > quantities.value(quantity))
                quantity = it.key();
        if (quantities.size() > 1)
            run.notes << QStringLiteral("orders took different quantities; every sale counts as %1 unit(s)").arg(quantity);

        // --- events ------------------------------------------------------------
        RunInfo info;
        info.scenario = title;
        info.strategy = QStringLiteral("observed");
        info.clients = laneNames;
        info.initialStock = initialStock;
        info.quantity = quantity;
        info.speed = 1.0;
        info.lockKey = lockKey;
        info.stockKey = stockKey;
        if (topology.nodes.size() > 1)
            info.nodes = topology.nodes;
        auto history = std::make_unique<History>(info);

        QList<Event> events;
        QList<int> ordersSoFar(run.lanes.size(), 0);
        QList<QList<int>> ordersOfView(int(views.size()));
        for (int o = 0; o < orders.size(); ++o)
            ordersOfView[orders.at(o).view] << o;
        for (int i = 0; i < int(views.size()); ++i) {
            const View &v = views[size_t(i)];
            Event e;
            e.tNs = v.tNs;
            e.durationNs = std::max<qint64>(0, v.endNs - v.tNs);
            e.client = v.lane;
            e.order = ordersSoFar.at(v.lane);
            e.step = v.step;
            e.node = quint8(std::clamp(v.c->node, 0, 63));
            e.argv = v.c->argv.isEmpty() ? Argv{"(not a Redis request)"} : v.c->argv;
            e.reply = v.reply;
            e.holds = holds[size_t(i)];
            e.token = v.token.isEmpty() ? heldToken[size_t(i)] : v.token;
            e.note = v.note;
            if (!v.c->protocolError.isEmpty())
                e.note = QString::fromUtf8(v.c->protocolError);
            for (int p : probesAfter.value(v.c->id)) {
                const ObservedProbe &probe = rec.probes.at(p);
                for (const ObservedKey &k : probe.keys) {
                    if (!k.known)
                        continue;
                    bool ok = false;
                    const qint64 value = k.value.toLongLong(&ok);
                    if (k.key == stockKey && ok)
                        e.stock = value;
                    if (k.key == lockKey && probe.node == v.c->node) {
                        e.lockPttl = k.pttl;
                        e.lockValue = k.value;
                    }
                }
            }
            events.append(std::move(e));
            for (int o : ordersOfView.at(i)) {
                const Order &order = orders.at(o);
                Event oe;
                oe.tNs = order.at;
                oe.client = order.lane;
                oe.order = ordersSoFar[order.lane]++;
                oe.kind = EventKind::Order;
                oe.success = order.success;
                oe.holds = holds[size_t(i)];
                oe.token = events.last().token;
                oe.note = order.note;
                events.append(std::move(oe));
            }
        }
        // Redis expiring the lock, with the value the probes last saw in it.
        for (const ObservedExpiry &x : rec.expiries) {
            if (x.key != lockKey)
                continue;
            Event e;
            e.tNs = x.tNs;
            e.kind = EventKind::Expired;
            e.node = quint8(std::clamp(x.node, 0, 63));
            for (const ObservedProbe &p : rec.probes)
                if (p.node == x.node && p.tNs <= x.tNs)
                    for (const ObservedKey &k : p.keys)
                        if (k.key == lockKey && k.known && !k.value.isEmpty())
                            e.token = k.value;
            e.note = QStringLiteral("Redis expired the lock of %1").arg(QString::fromUtf8(e.token));
            events.append(std::move(e));
        }
        for (const ObservedFault &f : rec.faults) {
            Event e;
            e.tNs = f.tNs;
            e.kind = EventKind::Server;
            e.client = laneOf.value(f.connection, -1);
            e.node = quint8(std::clamp(f.node, 0, 63));
            e.note = f.connection >= 0 ? QStringLiteral("c%1 %2").arg(f.connection).arg(f.note) : f.note;
            events.append(std::move(e));
        }
        for (const Crash &c : std::as_const(crashes)) {
            Event e;
            e.tNs = c.at;
            e.client = c.lane;
            e.kind = EventKind::Crash;
            e.token = c.token;
            e.note = QStringLiteral("its connections closed while it held the lock");
            events.append(std::move(e));
        }
        std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.tNs < b.tNs; });
        for (Event &e : events)
            history->append(std::move(e));
        history->finish(stockKey.isEmpty() ? kUnknown : finalStock.value(stockKey, kUnknown), rec.endNs);
        run.resources.push_back({lockKey, stockKey, std::move(history)});
    }
    return run;
}

} // namespace lockstock
