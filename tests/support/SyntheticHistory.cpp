#include "SyntheticHistory.h"

namespace lockstock::test {

SyntheticEnd synthesize(History &history, qsizetype count, const SyntheticRun &run)
{
    if (history.info().clients.isEmpty()) {
        RunInfo info;
        info.scenario = QStringLiteral("synthetic");
        info.strategy = QStringLiteral("synthetic");
        for (int c = 0; c < run.clients; ++c) {
            info.clients << (c < 26 ? QString(QChar(u'A' + c)) : QStringLiteral("C%1").arg(c + 1));
            info.orders << std::numeric_limits<int>::max();
        }
        info.initialStock = 1'000'000'000;
        info.leaseMs = 200;
        info.speed = 1;
        info.lockKey = "lock:10086";
        info.stockKey = "stock:10086";
        history.setInfo(info);
    }
    // Go on where the last call left off: its last order, time and stock write.
    const QList<Event> tail = history.eventsSince(history.size() - 8);
    qint64 t = tail.isEmpty() ? 0 : tail.last().tNs + 300'000;
    int order = tail.isEmpty() ? 0 : tail.last().order + 1;
    qint64 stock = history.info().initialStock;
    for (const Event &e : tail)
        if (e.step == Step::WriteStock)
            stock = e.wrote;
    const auto probe = [&run](qint64 value, const QByteArray &holder, qint64 pttl) -> std::shared_ptr<const Probe> {
        if (!run.probed)
            return nullptr;
        auto p = std::make_shared<Probe>();
        p->stock = value;
        p->locks << LockTruth{holder, holder.isEmpty() ? kNoKey : pttl};
        return p;
    };
    qsizetype emitted = 0;
    const auto add = [&](Event e) {
        e.wrote = e.step == Step::WriteStock && e.kind == EventKind::Command ? stock : kUnknown;
        history.append(std::move(e));
        ++emitted;
    };
    while (emitted < count) {
        const int c = order % run.clients;
        const QByteArray token = QByteArray(1, char('A' + c % 26)) + '-' + QByteArray::number(order);
        Event acquire;
        acquire.tNs = t;
        acquire.durationNs = 50'000;
        acquire.client = c;
        acquire.order = order;
        acquire.step = Step::Acquire;
        acquire.argv = {"SET", "lock:10086", token, "NX", "PX", "200"};
        acquire.reply = RedisValue::status("OK");
        acquire.holds = true;
        acquire.token = token;
        acquire.probe = probe(stock, token, 200);
        add(acquire);
        t += 100'000;

        Event read = acquire;
        read.tNs = t;
        read.step = Step::ReadStock;
        read.argv = {"GET", "stock:10086"};
        read.reply = RedisValue::string(QByteArray::number(stock));
        read.probe = probe(stock, token, 199);
        add(read);

        Event work;
        work.tNs = t + 60'000;
        work.durationNs = 1'000'000;
        work.client = c;
        work.order = order;
        work.kind = EventKind::Sleep;
        work.step = Step::Work;
        work.holds = true;
        work.token = token;
        add(work);
        t += 1'100'000;

        if (order % 7 == 3) {
            // Another client writes between this one's read and its write:
            // this order's write then loses that one's update.
            Event other = read;
            other.tNs = t - 50'000;
            other.client = (c + 1) % run.clients;
            other.step = Step::WriteStock;
            other.holds = false;
            other.token.clear();
            other.argv = {"SET", "stock:10086", QByteArray::number(stock - 1)};
            other.reply = RedisValue::status("OK");
            other.probe = probe(stock - 1, token, 198);
            --stock;
            add(other);
            ++stock;
            Event sold;
            sold.tNs = other.tNs + 10'000;
            sold.client = other.client;
            sold.kind = EventKind::Order;
            sold.success = true;
            add(sold);
        }
        Event thief;
        if (run.stolen && run.clients > 1) {
            // Another client takes the lock: this one's delete is then of its lock.
            const int partner = (c + 1 + (order / run.clients) % (run.clients - 1)) % run.clients;
            thief = acquire;
            thief.tNs = t - 30'000;
            thief.client = partner;
            thief.token = QByteArray(1, char('A' + partner % 26)) + '-' + QByteArray::number(order) + "-stolen";
            thief.argv = {"SET", "lock:10086", thief.token, "NX", "PX", "200"};
            thief.probe = probe(stock, thief.token, 200);
            add(thief);
        }
        --stock;
        Event write = read;
        write.tNs = t;
        write.step = Step::WriteStock;
        write.argv = {"SET", "stock:10086", QByteArray::number(stock)};
        write.reply = RedisValue::status("OK");
        write.probe = probe(stock, token, 198);
        add(write);
        t += 100'000;

        Event release = write;
        release.tNs = t;
        release.step = Step::Release;
        release.argv = {"DEL", "lock:10086"};
        release.reply = RedisValue::integer(1);
        release.holds = false;
        release.probe = probe(stock, {}, kNoKey);
        add(release);
        if (thief.client >= 0) {
            Event gone = thief;
            gone.tNs = t + 20'000;
            gone.step = Step::Release;
            gone.argv = {"DEL", "lock:10086"};
            gone.reply = RedisValue::integer(0);
            gone.holds = false;
            gone.probe = probe(stock, {}, kNoKey);
            add(gone);
        }

        Event done;
        done.tNs = t + 60'000;
        done.client = c;
        done.order = order;
        done.kind = EventKind::Order;
        done.success = true;
        add(done);
        t += 300'000;
        ++order;
    }
    return {t, stock};
}

void synthesizeFinished(History &history, qsizetype count, const SyntheticRun &run)
{
    const SyntheticEnd end = synthesize(history, count, run);
    history.finish(end.stock, end.endNs);
}

} // namespace lockstock::test
