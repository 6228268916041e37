#include "ObservedHistory.h"

#include <QCoreApplication>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <iterator>
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

struct UnionFind {
    explicit UnionFind(int n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
    int find(int x) { return parent[x] == x ? x : parent[x] = find(parent[x]); }
    void unite(int a, int b) { parent[find(a)] = find(b); }
    QList<int> parent;
};

// The lock values a recording shows: SET NX arguments, and what probes
// found in lock keys (values scripts wrote, Redisson's hash fields).
class LockValues {
public:
    LockValues(const RecordingSnapshot &rec, const KeyRoles &roles)
    {
        for (const ObservedCommand &c : rec.commands) {
            const QByteArray name = commandName(c.argv);
            if ((name == "SET" || name == "SETNX") && c.argv.size() >= 3 && roles.roleOf(c.argv.at(1)) == KeyRole::Lock)
                m_seen.insert(c.argv.at(2));
        }
        for (const ObservedProbe &p : rec.probes)
            for (const ObservedKey &k : p.keys)
                if (roles.roleOf(k.key) == KeyRole::Lock && !k.value.isEmpty())
                    for (const QByteArray &field : k.value.split(','))
                        m_seen.insert(field);
    }

    // The lock value a command uses.
    QByteArray of(const ObservedCommand &c) const
    {
        const QByteArray name = commandName(c.argv);
        if ((name == "SET" || name == "SETNX") && c.argv.size() >= 3)
            return c.argv.at(2);
        // A script's: an argument seen in the lock, else its first argument
        // that is not a number (redis-py and redlock pass the value first;
        // Redisson passes the lease, then "uuid:threadId").
        const QList<QByteArray> args = scriptArgs(c.argv);
        for (const QByteArray &a : args)
            if (m_seen.contains(a))
                return a;
        for (const QByteArray &a : args) {
            bool number = false;
            a.toDouble(&number);
            if (!number && !a.isEmpty())
                return a;
        }
        return {};
    }

private:
    QSet<QByteArray> m_seen;
};

bool touchesRole(const ObservedCommand &c, const KeyRoles &roles, KeyRole role)
{
    for (const QByteArray &k : commandKeys(c.argv))
        if (roles.roleOf(k) == role)
            return true;
    return false;
}

// Connections are one client when they share a name or a lock value, but
// never across processes; a value long enough not to be shared by chance
// joins connections whose process is unknown.
QList<ObservedLane> findLanes(const RecordingSnapshot &rec, const KeyRoles &roles, const LockValues &values,
                              QHash<int, int> *laneOf)
{
    const int count = int(rec.connections.size());
    UnionFind uf(count);
    auto sameClient = [&rec](int a, int b, bool byName, const QByteArray &value) {
        const qint64 pa = rec.connections.at(a).pid, pb = rec.connections.at(b).pid;
        return pa && pb ? pa == pb : byName || value.size() >= 8;
    };
    QHash<QByteArray, QList<int>> byName, byValue;
    for (const ObservedConnection &c : rec.connections)
        if (!c.name.isEmpty())
            byName[c.name] << c.id;
    for (const ObservedCommand &c : rec.commands) {
        if (c.connection < 0 || c.connection >= count || !touchesRole(c, roles, KeyRole::Lock))
            continue;
        const QByteArray value = values.of(c);
        if (!value.isEmpty() && !byValue[value].contains(c.connection))
            byValue[value] << c.connection;
    }
    QSet<int> identified; // connections with a name or a lock value
    for (const auto *groups : {&byName, &byValue})
        for (auto it = groups->cbegin(); it != groups->cend(); ++it) {
            for (int conn : *it)
                identified.insert(conn);
            for (qsizetype i = 1; i < it->size(); ++i)
                for (qsizetype j = 0; j < i; ++j)
                    if (sameClient(it->at(i), it->at(j), groups == &byName, it.key())) {
                        uf.unite(it->at(i), it->at(j));
                        break;
                    }
        }
    // A process with one client that names itself (by name or lock value)
    // owns its anonymous connections too: ioredis reconnecting to a dead
    // node, a health check. With several such clients, or none, they could
    // be anyone's and stay apart.
    QHash<qint64, QSet<int>> namedRoots;
    for (int conn : std::as_const(identified))
        if (const qint64 pid = rec.connections.at(conn).pid)
            namedRoots[pid].insert(uf.find(conn));
    for (const ObservedConnection &c : rec.connections) {
        const QSet<int> roots = namedRoots.value(c.pid);
        if (c.pid && roots.size() == 1 && !identified.contains(c.id) && uf.find(c.id) == c.id)
            uf.unite(c.id, *roots.begin());
    }

    // A lane per group of connections that sent anything, in order of their first command.
    struct Group {
        QList<int> connections;
        qint64 first = 0;
    };
    QMap<int, Group> groups;
    QSet<int> seen;
    for (const ObservedCommand &c : rec.commands) {
        if (c.connection < 0 || c.connection >= count || seen.contains(c.connection))
            continue;
        seen.insert(c.connection);
        Group &g = groups[uf.find(c.connection)];
        if (g.connections.isEmpty())
            g.first = c.sentNs;
        g.connections << c.connection;
    }
    QList<Group> ordered = groups.values();
    std::stable_sort(ordered.begin(), ordered.end(), [](const Group &a, const Group &b) { return a.first < b.first; });

    QList<ObservedLane> lanes;
    QHash<qint64, int> lanesOfProcess;
    for (Group &g : ordered) {
        std::sort(g.connections.begin(), g.connections.end());
        ObservedLane lane;
        lane.connections = g.connections;
        QByteArray name;
        for (int conn : std::as_const(g.connections)) {
            laneOf->insert(conn, int(lanes.size()));
            const ObservedConnection &c = rec.connections.at(conn);
            if (name.isEmpty())
                name = c.name;
            if (!lane.pid && c.pid) {
                lane.pid = c.pid;
                lane.process = c.process;
            }
        }
        lane.name = QString::fromUtf8(name);
        if (lane.pid)
            ++lanesOfProcess[lane.pid];
        lanes << lane;
    }
    // Named by CLIENT SETNAME, else by process, else by first connection.
    QSet<QString> taken;
    for (ObservedLane &lane : lanes) {
        const QString first = QStringLiteral("c%1").arg(lane.connections.first());
        if (lane.name.isEmpty() && lane.pid)
            lane.name = QStringLiteral("%1:%2").arg(lane.process.isEmpty() ? QStringLiteral("pid") : lane.process).arg(lane.pid)
                + (lanesOfProcess.value(lane.pid) > 1 ? QLatin1Char('/') + first : QString());
        else if (lane.name.isEmpty())
            lane.name = first;
        if (taken.contains(lane.name))
            lane.name += QLatin1Char('/') + first;
        taken.insert(lane.name);
    }
    return lanes;
}

struct Resource {
    QByteArray lockKey;
    QByteArray stockKey;
};

// Lock and stock keys paired by what their patterns' '*' matched (lock:42
// with stock:42); the busiest first.
QList<Resource> pairResources(const RecordingSnapshot &rec, const KeyRoles &roles, QStringList *notes)
{
    QMap<QByteArray, QPair<QList<QByteArray>, QList<QByteArray>>> groups; // resource -> (locks, stocks)
    QHash<QByteArray, int> uses;
    for (const ObservedCommand &c : rec.commands)
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
    QList<Resource> out;
    QList<QByteArray> lonelyLocks, lonelyStocks;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
        const QList<QByteArray> &locks = it->first;
        const QList<QByteArray> &stocks = it->second;
        if (!locks.isEmpty() && !stocks.isEmpty())
            out.append({locks.first(), stocks.first()});
        else if (!locks.isEmpty())
            lonelyLocks << locks.first();
        else
            lonelyStocks << stocks.first();
        if (locks.size() > 1 || stocks.size() > 1)
            *notes << QCoreApplication::translate("Observed", "resource %1 has several lock or stock keys; judged: %2")
                          .arg(QString::fromUtf8(it.key()), QString::fromUtf8(locks.value(0) + ' ' + stocks.value(0)).trimmed());
    }
    // One lock and one stock that name different things still guard each other.
    if (lonelyLocks.size() == 1 && lonelyStocks.size() == 1)
        out.append({lonelyLocks.takeFirst(), lonelyStocks.takeFirst()});
    for (const QByteArray &l : std::as_const(lonelyLocks))
        out.append({l, QByteArray()});
    for (const QByteArray &s : std::as_const(lonelyStocks))
        out.append({QByteArray(), s});
    if (out.isEmpty())
        out.append(Resource{});
    std::stable_sort(out.begin(), out.end(), [&uses](const Resource &a, const Resource &b) {
        return uses.value(a.lockKey) + uses.value(a.stockKey) > uses.value(b.lockKey) + uses.value(b.stockKey);
    });
    return out;
}

// What became of each command queued in a MULTI.
struct Transactions {
    QHash<quint64, RedisValue> result;              // queued command -> its element of EXEC's reply
    QHash<quint64, const ObservedCommand *> exec;   // queued command -> the EXEC it ran in
    QSet<quint64> notRun;                           // queued, then discarded or aborted

    explicit Transactions(const QList<ObservedCommand> &commands)
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
                if (ran) {
                    result.insert(ids.at(i), c.reply.items().at(i));
                    exec.insert(ids.at(i), &c);
                } else {
                    notRun.insert(ids.at(i));
                }
            }
        }
        for (const QList<quint64> &ids : std::as_const(queued))
            for (quint64 id : ids)
                notRun.insert(id);
    }
};

// What every resource's history is built from.
struct Recorded {
    const RecordingSnapshot &rec;
    const ObservedTopology &topology;
    const LockValues &values;
    const QList<ObservedLane> &lanes;
    const QHash<int, int> &laneOf;
    const Transactions &transactions;
    QHash<quint64, QList<int>> probesAfter; // command id -> probes read right after it
};

struct Order {
    int lane;
    qint64 at;
    bool success;
    qint64 quantity;
    int view;
    QString note;
};

struct Crash {
    int lane;
    qint64 at;
    QByteArray token;
};

// One resource (a lock key and its stock key) as a History.
class ResourceHistory {
public:
    ResourceHistory(const Recorded &r, const Resource &resource)
        : m_r(r), m_lockKey(resource.lockKey), m_stockKey(resource.stockKey)
    {
        // Transactions that touch the stock: their MULTI and EXEC are steps of the lesson.
        for (const ObservedCommand &c : r.rec.commands)
            if (c.multi && !m_stockKey.isEmpty() && commandKeys(c.argv).contains(m_stockKey))
                m_stockTransactions.insert(c.multi);
        for (const ObservedCommand &c : r.rec.commands)
            if (r.laneOf.contains(c.connection))
                m_views.push_back(view(c));
        std::stable_sort(m_views.begin(), m_views.end(), [](const View &a, const View &b) { return a.tNs < b.tNs; });
        m_laneViews.resize(r.lanes.size());
        for (int i = 0; i < int(m_views.size()); ++i)
            m_laneViews[m_views[size_t(i)].lane] << i;
        m_holds.assign(m_views.size(), false);
        m_token.resize(m_views.size());
        for (int lane = 0; lane < m_laneViews.size(); ++lane)
            beliefs(lane);
    }

    std::unique_ptr<History> build(const QHash<QByteArray, qint64> &finalStock, const QString &title, QStringList *notes);

private:
    View view(const ObservedCommand &c) const;
    void classify(View &v) const;
    void beliefs(int lane);
    void orders(QStringList *notes);
    void append(QList<Event> &events) const;
    // What the probes right after `c` read of this resource, as a run's
    // probe: the stock, and the lock on each lock node they read (the others
    // stay unknown). Null when they read neither.
    std::shared_ptr<const Probe> probeAfter(const ObservedCommand &c) const;
    // The stock a probe read right after `c`; kUnknown when none did.
    qint64 stockAfter(const ObservedCommand &c) const;
    // The longest lease the lock was given, in ms: from the commands that
    // name one (SET PX/EX, PEXPIRE), else the longest TTL a probe read; 0
    // when nothing says.
    qint64 leaseMs() const;

    const Recorded &m_r;
    QByteArray m_lockKey;
    QByteArray m_stockKey;
    QSet<quint64> m_stockTransactions;
    std::vector<View> m_views;
    QList<QList<int>> m_laneViews;      // per lane, its views in time order
    std::vector<bool> m_holds;          // the client's belief after each view
    std::vector<QByteArray> m_token;    // the lock value it was using
    QList<Crash> m_crashes;
    QList<Order> m_orders;
    qint64 m_initialStock = kUnknown;
    qint64 m_lastKnownStock = kUnknown;
};

View ResourceHistory::view(const ObservedCommand &c) const
{
    View v;
    v.c = &c;
    v.lane = m_r.laneOf.value(c.connection);
    v.tNs = c.sentNs;
    v.seen = c.outcome == ObservedCommand::Outcome::Replied;
    v.reply = c.reply;
    const qint64 closed = m_r.rec.connections.value(c.connection).closedNs;
    v.endNs = c.deliveredNs >= 0 ? c.deliveredNs : c.repliedNs >= 0 ? c.repliedNs : closed >= 0 ? closed : m_r.rec.endNs;
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
        v.note = QStringLiteral("reply dropped by the proxy: Redis answered %1, the client never saw it").arg(c.reply.display());
        break;
    }
    if (const ObservedCommand *exec = m_r.transactions.exec.value(c.id)) {
        // Queued: it ran when its EXEC did, and answered in EXEC's reply.
        v.tNs = exec->sentNs;
        v.endNs = exec->deliveredNs >= 0 ? exec->deliveredNs : v.endNs;
        v.reply = m_r.transactions.result.value(c.id);
        v.seen = exec->outcome == ObservedCommand::Outcome::Replied;
        v.note = QStringLiteral("queued, ran in EXEC");
    } else if (m_r.transactions.notRun.contains(c.id)) {
        v.executed = false;
        v.note = QStringLiteral("queued, never ran (DISCARD or aborted EXEC)");
    }
    classify(v);
    return v;
}

void ResourceHistory::classify(View &v) const
{
    const ObservedCommand &c = *v.c;
    const QByteArray name = commandName(c.argv);
    const QList<QByteArray> keys = commandKeys(c.argv);
    const bool onLock = !m_lockKey.isEmpty() && keys.contains(m_lockKey);
    const bool onStock = !m_stockKey.isEmpty() && keys.contains(m_stockKey);
    const bool script = isScriptCall(name);
    const ScriptKind kind = script ? scriptKind(c.script) : ScriptKind::Other;
    if (c.argv.isEmpty() || !v.executed)
        return;
    if (c.multi && name == "EXEC") {
        v.step = m_stockTransactions.contains(c.multi) ? Step::Exec : Step::Other;
    } else if (name == "MULTI") {
        v.step = m_stockTransactions.contains(c.id) ? Step::Multi : Step::Other;
    } else if (name == "WATCH") {
        v.step = onStock ? Step::Watch : Step::Other;
    } else if (name == "UNWATCH") {
        v.step = Step::Unwatch;
    } else if (onStock && (!onLock || kind == ScriptKind::Decrement)) {
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
        v.token = m_r.values.of(c);
        if (name == "SETNX" || name == "SET") {
            v.step = Step::Acquire;
            v.granted = c.reply.isStatus("OK") || (name == "SETNX" && c.reply.isInteger() && c.reply.toInteger() == 1);
        } else if (name == "EXPIRE" || name == "PEXPIRE" || name == "EXPIREAT" || name == "PEXPIREAT") {
            v.step = Step::Renew; // Expire when it follows the lane's SETNX, see beliefs()
        } else if (name == "DEL" || name == "UNLINK" || name == "GETDEL") {
            v.step = Step::Release;
        } else if (kind == ScriptKind::Release) {
            v.step = Step::Release;
        } else if (kind == ScriptKind::Renew) {
            v.step = Step::Renew;
        } else if (kind == ScriptKind::Acquire) {
            v.step = Step::Acquire;
            // Granted when Redis says so (OK, a count) or when the probe
            // right after it found this value in the lock.
            bool inLock = false;
            for (int p : m_r.probesAfter.value(c.id)) {
                const ObservedProbe &probe = m_r.rec.probes.at(p);
                for (const ObservedKey &k : probe.keys)
                    inLock = inLock
                        || (probe.node == c.node && k.key == m_lockKey && !v.token.isEmpty() && k.value.split(',').contains(v.token));
            }
            v.granted = inLock || c.reply.isStatus("OK") || (c.reply.isInteger() && c.reply.toInteger() >= 1);
        }
    }
}

void ResourceHistory::beliefs(int lane)
{
    const QList<int> &mine = m_laneViews.at(lane);
    QSet<int> lockNodes;
    QByteArray lastToken;
    bool afterSetnx = false;
    for (int i : mine) {
        View &v = m_views[size_t(i)];
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
        m_token[size_t(i)] = v.token.isEmpty() ? lastToken : v.token;
    }
    const ObservedTopology &topology = m_r.topology;
    const int quorum = (topology.independentMasters && lockNodes.size() >= 2 ? topology.lockNodes() : 1) / 2 + 1;
    // Belief changes in the order the client met them: a grant when its
    // reply arrived, a release when it was sent, a failed renewal when the
    // client read that the lock was gone.
    struct Moment {
        qint64 at;
        int view;
        bool grant;
    };
    QList<Moment> moments;
    for (int i : mine) {
        const View &v = m_views[size_t(i)];
        if (v.step == Step::Acquire && v.granted && v.seen)
            moments.append({v.endNs, i, true});
        else if (v.step == Step::Release)
            moments.append({v.tNs, i, false});
        else if (v.step == Step::Renew && v.seen && (v.reply.isNil() || (v.reply.isInteger() && v.reply.toInteger() == 0)))
            moments.append({v.endNs, i, false});
    }
    std::stable_sort(moments.begin(), moments.end(), [](const Moment &a, const Moment &b) { return a.at < b.at; });
    // The analysis reads views in send order: a belief starts at the view
    // whose reply completed the grant and holds for every view sent from
    // then until the one that let go.
    QHash<int, int> position;
    for (int p = 0; p < mine.size(); ++p)
        position.insert(mine.at(p), p);
    auto hold = [&](int from, int to) {
        for (int p = from; p < to && p < mine.size(); ++p)
            m_holds[size_t(mine.at(p))] = true;
    };
    QByteArray token;
    QSet<int> granted;
    int onAt = -1;
    for (const Moment &m : std::as_const(moments)) {
        const View &v = m_views[size_t(m.view)];
        if (m.grant) {
            if (v.token != token) {
                // A new lock value: a new acquisition, whatever came before.
                if (onAt >= 0)
                    hold(onAt, position.value(m.view));
                onAt = -1;
                token = v.token;
                granted.clear();
            }
            granted.insert(v.c->node);
            if (onAt < 0 && granted.size() >= quorum)
                onAt = position.value(m.view);
        } else {
            if (onAt >= 0)
                hold(onAt, position.value(m.view));
            onAt = -1;
            granted.clear();
            token.clear();
        }
    }
    if (onAt < 0)
        return;
    hold(onAt, int(mine.size()));
    // The client went away holding it: all its connections closed (not by
    // the proxy stopping). To the lesson that is a crash.
    qint64 lastClose = -1;
    bool open = false;
    for (int conn : m_r.lanes.at(lane).connections) {
        const ObservedConnection &oc = m_r.rec.connections.at(conn);
        open = open || oc.closedNs < 0 || oc.closedBy == QLatin1String("proxy stopped");
        lastClose = std::max(lastClose, oc.closedNs);
    }
    if (!open && lastClose >= 0)
        m_crashes.append({lane, lastClose, token});
}

std::shared_ptr<const Probe> ResourceHistory::probeAfter(const ObservedCommand &c) const
{
    auto probe = std::make_shared<Probe>();
    bool read = false;
    for (int p : m_r.probesAfter.value(c.id)) {
        const ObservedProbe &observed = m_r.rec.probes.at(p);
        for (const ObservedKey &k : observed.keys) {
            if (!k.known)
                continue;
            bool ok = false;
            const qint64 value = k.value.toLongLong(&ok);
            if (k.key == m_stockKey && ok) {
                probe->stock = value;
                read = true;
            }
            if (k.key == m_lockKey && observed.node < m_r.topology.lockNodes()) {
                if (probe->locks.size() <= observed.node)
                    probe->locks.resize(observed.node + 1);
                probe->locks[observed.node] = {k.value, k.pttl};
                read = true;
            }
        }
    }
    return read ? probe : nullptr;
}

qint64 ResourceHistory::stockAfter(const ObservedCommand &c) const
{
    const std::shared_ptr<const Probe> probe = probeAfter(c);
    return probe ? probe->stock : kUnknown;
}

qint64 ResourceHistory::leaseMs() const
{
    qint64 named = 0, probed = 0;
    for (const View &v : m_views) {
        if (v.step != Step::Acquire && v.step != Step::Renew && v.step != Step::Expire)
            continue;
        const Argv &argv = v.c->argv;
        const QByteArray name = commandName(argv);
        if (name == "SET") {
            for (qsizetype i = 3; i + 1 < argv.size(); ++i) {
                const QByteArray option = argv.at(i).toUpper();
                if (option == "PX")
                    named = std::max(named, argv.at(i + 1).toLongLong());
                else if (option == "EX")
                    named = std::max(named, argv.at(i + 1).toLongLong() * 1000);
            }
        } else if (name == "PEXPIRE" || name == "EXPIRE") {
            named = std::max(named, argv.value(2).toLongLong() * (name == "EXPIRE" ? 1000 : 1));
        }
        if (const std::shared_ptr<const Probe> probe = probeAfter(*v.c))
            for (const LockTruth &t : probe->locks)
                probed = std::max(probed, t.pttl);
    }
    return named > 0 ? named : probed;
}

void ResourceHistory::orders(QStringList *notes)
{
    if (m_stockKey.isEmpty())
        return;
    QHash<int, qint64> lastRead;       // lane -> the value it read
    QHash<int, int> pendingDecrement;  // lane -> its DECRBY's order, until the next stock step
    for (int i = 0; i < int(m_views.size()); ++i) {
        const View &v = m_views[size_t(i)];
        const QByteArray name = commandName(v.c->argv);
        long long n = 0;
        qint64 before = kUnknown, quantity = 0;
        bool order = false;
        bool success = v.seen && !v.reply.isError();
        switch (v.step) {
        case Step::ReadStock:
            if (v.seen && v.reply.readInteger(n)) {
                lastRead.insert(v.lane, n);
                m_lastKnownStock = n;
            }
            break;
        case Step::WriteStock: {
            // Read, then written back lower: an order. A write without a read
            // before any order sets the stock up.
            const qint64 written = v.c->argv.value(2).toLongLong();
            if (lastRead.contains(v.lane) && written < lastRead.value(v.lane)) {
                order = true;
                before = lastRead.value(v.lane);
                quantity = before - written;
            } else if (m_orders.isEmpty() && !v.reply.isError()) {
                *notes << QCoreApplication::translate("Observed", "%1 set %2 to %3 before any order: the initial stock")
                              .arg(m_r.lanes.at(v.lane).name, QString::fromUtf8(m_stockKey))
                              .arg(written);
                m_initialStock = written;
            }
            lastRead.remove(v.lane);
            if (!v.reply.isError())
                m_lastKnownStock = written;
            break;
        }
        case Step::Decrement:
            order = true;
            if (isScriptCall(name)) {
                // What the script did is read back: the stock before and after.
                const qint64 after = stockAfter(*v.c);
                before = m_lastKnownStock;
                if (before != kUnknown && after != kUnknown) {
                    quantity = before - after;
                    success = success && quantity > 0;
                } else {
                    quantity = 1;
                    success = success && (v.reply.isStatus("OK") || (v.reply.isInteger() && v.reply.toInteger() > 0));
                }
                if (after != kUnknown)
                    m_lastKnownStock = after;
                break;
            }
            quantity = name == "DECR" ? 1 : std::abs(v.c->argv.value(2).toLongLong());
            if (v.seen && v.reply.readInteger(n)) {
                before = n + quantity;
                m_lastKnownStock = n;
            }
            break;
        case Step::Compensate:
            // INCRBY after an oversold DECRBY: that order failed after all.
            if (pendingDecrement.contains(v.lane)) {
                Order &o = m_orders[pendingDecrement.take(v.lane)];
                o.success = false;
                o.at = v.endNs;
                o.note = QStringLiteral("gave the stock back (%1)").arg(displayArgv(v.c->argv));
            }
            if (v.seen && v.reply.readInteger(n))
                m_lastKnownStock = n;
            break;
        default:
            break;
        }
        if (v.step == Step::Decrement || v.step == Step::WriteStock)
            pendingDecrement.remove(v.lane);
        if (!order)
            continue;
        if (m_orders.isEmpty() && before != kUnknown && m_initialStock == kUnknown)
            m_initialStock = before;
        m_orders.append({v.lane, v.endNs, success, std::max<qint64>(1, quantity), i,
                         success ? QString() : (v.note.isEmpty() ? QStringLiteral("failed") : v.note)});
        if (v.step == Step::Decrement && !isScriptCall(name))
            pendingDecrement.insert(v.lane, int(m_orders.size()) - 1);
    }
}

void ResourceHistory::append(QList<Event> &events) const
{
    QList<int> ordersSoFar(m_r.lanes.size(), 0);
    QList<QList<int>> ordersOfView(int(m_views.size()));
    for (int o = 0; o < m_orders.size(); ++o)
        ordersOfView[m_orders.at(o).view] << o;
    for (int i = 0; i < int(m_views.size()); ++i) {
        const View &v = m_views[size_t(i)];
        Event e;
        e.tNs = v.tNs;
        e.durationNs = std::max<qint64>(0, v.endNs - v.tNs);
        e.client = v.lane;
        e.order = ordersSoFar.at(v.lane);
        e.step = v.step;
        e.node = quint8(std::clamp(v.c->node, 0, 63));
        e.argv = v.c->argv.isEmpty() ? Argv{"(not a Redis request)"} : v.c->argv;
        e.reply = v.reply;
        e.holds = m_holds[size_t(i)];
        e.token = m_token[size_t(i)];
        e.note = v.c->protocolError.isEmpty() ? v.note : QString::fromUtf8(v.c->protocolError);
        bool number = false;
        if (const qint64 written = v.c->argv.value(2).toLongLong(&number); v.step == Step::WriteStock && number)
            e.wrote = written;
        e.probe = probeAfter(*v.c);
        events.append(std::move(e));
        for (int o : ordersOfView.at(i)) {
            const Order &order = m_orders.at(o);
            Event oe;
            oe.tNs = order.at;
            oe.client = order.lane;
            oe.order = ordersSoFar[order.lane]++;
            oe.kind = EventKind::Order;
            oe.success = order.success;
            oe.holds = m_holds[size_t(i)];
            oe.token = m_token[size_t(i)];
            oe.note = order.note;
            events.append(std::move(oe));
        }
    }
    // Redis expiring the lock, with the value the probes last saw in it on that node.
    QHash<int, QList<QPair<qint64, QByteArray>>> seenInLock; // node -> (when, value), in time order
    for (const ObservedProbe &p : m_r.rec.probes)
        for (const ObservedKey &k : p.keys)
            if (k.key == m_lockKey && k.known && !k.value.isEmpty())
                seenInLock[p.node].append({p.tNs, k.value});
    for (const ObservedExpiry &x : m_r.rec.expiries) {
        if (x.key != m_lockKey)
            continue;
        Event e;
        e.tNs = x.tNs;
        e.kind = EventKind::Expired;
        e.node = quint8(std::clamp(x.node, 0, 63));
        const QList<QPair<qint64, QByteArray>> &seen = seenInLock[x.node];
        const auto after = std::upper_bound(seen.cbegin(), seen.cend(), x.tNs,
                                            [](qint64 t, const QPair<qint64, QByteArray> &s) { return t < s.first; });
        if (after != seen.cbegin())
            e.token = std::prev(after)->second;
        e.note = QStringLiteral("Redis expired the lock of %1").arg(QString::fromUtf8(e.token));
        // Redis said so itself (a keyspace notification): the lock on that node is gone.
        if (x.node < m_r.topology.lockNodes()) {
            auto gone = std::make_shared<Probe>();
            gone->locks.resize(x.node + 1);
            gone->locks[x.node] = {QByteArray(), kNoKey};
            e.probe = std::move(gone);
        }
        events.append(std::move(e));
    }
    for (const ObservedFault &f : m_r.rec.faults) {
        Event e;
        e.tNs = f.tNs;
        e.kind = EventKind::Server;
        e.serverAction = f.action;
        e.dataKept = f.dataKept;
        e.client = m_r.laneOf.value(f.connection, -1);
        e.node = quint8(std::clamp(f.node, 0, 63));
        e.note = f.connection >= 0 ? QStringLiteral("c%1 %2").arg(f.connection).arg(f.note) : f.note;
        events.append(std::move(e));
    }
    for (const Crash &c : m_crashes) {
        Event e;
        e.tNs = c.at;
        e.client = c.lane;
        e.kind = EventKind::Crash;
        e.token = c.token;
        e.note = QStringLiteral("its connections closed while it held the lock");
        events.append(std::move(e));
    }
}

std::unique_ptr<History> ResourceHistory::build(const QHash<QByteArray, qint64> &finalStock, const QString &title,
                                                QStringList *notes)
{
    orders(notes);
    // The analysis learns that a node granted the lock from an OK reply; a
    // Lua acquire says so in its own words (node-redlock: 1), so on several
    // nodes the analysis may take a client's cleanup of its own partial grant
    // for a release of someone else's lock. Say so rather than let it pass.
    for (const View &v : m_views)
        if (v.step == Step::Acquire && v.granted && !v.reply.isStatus("OK") && isScriptCall(commandName(v.c->argv))
            && m_r.topology.independentMasters) {
            *notes << QCoreApplication::translate("Observed", "%1 is taken by a Lua script on several nodes: \"deleted someone's lock\" "
                                                          "findings below are not reliable (the analysis reads a node's grant from an OK reply only)")
                          .arg(QString::fromUtf8(m_lockKey));
            break;
        }
    if (m_initialStock == kUnknown)
        m_initialStock = m_lastKnownStock != kUnknown ? m_lastKnownStock : finalStock.value(m_stockKey, 0);
    // The analysis counts every sale as one quantity: the most common one.
    QHash<qint64, int> quantities;
    for (const Order &o : std::as_const(m_orders))
        if (o.success)
            ++quantities[o.quantity];
    qint64 quantity = 1;
    for (auto it = quantities.cbegin(); it != quantities.cend(); ++it)
        if (it.value() > quantities.value(quantity))
            quantity = it.key();
    if (quantities.size() > 1)
        *notes << QCoreApplication::translate("Observed", "orders took different quantities; every sale counts as %1 unit(s)").arg(quantity);

    RunInfo info;
    info.scenario = title;
    info.strategy = QStringLiteral("observed");
    for (const ObservedLane &l : m_r.lanes)
        info.clients << l.name;
    info.initialStock = m_initialStock;
    info.quantity = quantity;
    info.clock = ClockKind::Real; // the programs observed live in real time
    info.speed = 1.0;
    info.leaseMs = leaseMs();
    info.lockKey = m_lockKey;
    info.stockKey = m_stockKey;
    if (m_r.topology.nodes.size() > 1)
        info.nodes = m_r.topology.nodes;
    auto history = std::make_unique<History>(info);
    QList<Event> events;
    append(events);
    std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.tNs < b.tNs; });
    for (Event &e : events)
        history->append(std::move(e));
    history->finish(m_stockKey.isEmpty() ? kUnknown : finalStock.value(m_stockKey, kUnknown), m_r.rec.endNs);
    return history;
}
} // namespace

ObservedRun buildObservedRun(const RecordingSnapshot &rec, const KeyRoles &roles, const ObservedTopology &topology,
                             const QHash<QByteArray, qint64> &finalStock, const QString &title)
{
    ObservedRun run;
    const LockValues values(rec, roles);
    QHash<int, int> laneOf;
    run.lanes = findLanes(rec, roles, values, &laneOf);
    const QList<Resource> resources = pairResources(rec, roles, &run.notes);
    for (const InferredKey &k : rec.inferred)
        run.notes << (k.role == KeyRole::Lock ? QCoreApplication::translate("Observed", "lock key inferred: %1 (%2)")
                                              : QCoreApplication::translate("Observed", "stock key inferred: %1 (%2)"))
                         .arg(QString::fromUtf8(k.key), k.reason);
    const Transactions transactions(rec.commands);
    Recorded recorded{rec, topology, values, run.lanes, laneOf, transactions, {}};
    // A probe re-asked after its connection dropped reads Redis later than
    // the commands it follows: past a server fault in between it says what
    // the fault left, not what they did (a restart's empty server would end
    // a lock at a command before the restart).
    // Built on every look at a growing recording: the commands' times are
    // indexed only when a server fault was done at all.
    QList<ObservedFault> serverFaults;
    std::copy_if(rec.faults.cbegin(), rec.faults.cend(), std::back_inserter(serverFaults),
                 [](const ObservedFault &f) { return f.action != ServerAction::Other; });
    QHash<quint64, qint64> repliedAt;
    if (!serverFaults.isEmpty())
        for (const ObservedCommand &c : rec.commands)
            repliedAt.insert(c.id, c.repliedNs >= 0 ? c.repliedNs : c.sentNs);
    const auto faultBetween = [&serverFaults](int node, qint64 fromNs, qint64 toNs) {
        return std::any_of(serverFaults.cbegin(), serverFaults.cend(), [&](const ObservedFault &f) {
            return (f.node == node || f.node < 0) && f.tNs >= fromNs && f.tNs <= toNs;
        });
    };
    for (int p = 0; p < rec.probes.size(); ++p) {
        const ObservedProbe &probe = rec.probes.at(p);
        for (quint64 id : probe.after)
            if (!faultBetween(probe.node, repliedAt.value(id), probe.tNs))
                recorded.probesAfter[id] << p;
    }
    for (const Resource &r : resources) {
        ResourceHistory resource(recorded, r);
        run.resources.push_back({r.lockKey, r.stockKey, resource.build(finalStock, title, &run.notes)});
    }
    return run;
}

} // namespace lockstock
