// What stress runs keep per event: the compact Event and RedisValue layouts
// must keep their meaning (array replies copy, move and compare as values).

#include "engine/Event.h"
#include "engine/History.h"

#include <QTest>

using namespace lockstock;

class TestRecordingFootprint : public QObject {
    Q_OBJECT
private slots:
    void eventStaysCompact()
    {
        // lockstock_bench's recording target is under 200 bytes per event.
        QVERIFY2(sizeof(Event) <= 192, qPrintable(QString::number(sizeof(Event))));
        QCOMPARE(sizeof(RedisValue), size_t(40));
    }

    void arrayRepliesAreValues()
    {
        const RedisValue a = RedisValue::array({RedisValue::integer(7), RedisValue::string("x")});
        RedisValue copy = a;
        QVERIFY(copy == a);
        QCOMPARE(copy.items().size(), 2);
        QCOMPARE(copy.items().at(0).toInteger(), 7);
        QCOMPARE(copy.toInteger(), 0);                 // an array is no integer
        copy = RedisValue::integer(3);
        QCOMPARE(a.items().size(), 2);                 // the original is untouched
        QCOMPARE(copy.toInteger(), 3);
        QVERIFY(copy.items().isEmpty());
        RedisValue moved = std::move(copy);
        QCOMPARE(moved.toInteger(), 3);
        RedisValue fromArray = RedisValue(a);
        RedisValue taken = std::move(fromArray);
        QVERIFY(taken == a);
        QVERIFY(taken != RedisValue::array({}));
        QCOMPARE(RedisValue::array({}).display(), QStringLiteral("(empty array)"));
        QCOMPARE(a.display(), QStringLiteral("[(integer) 7, \"x\"]"));
    }

    void flagsKeepTheirValues()
    {
        Event e;
        QVERIFY(!e.success && !e.holds);
        e.holds = true;
        QVERIFY(e.holds && !e.success);
        e.success = true;
        e.holds = false;
        QVERIFY(e.success && !e.holds);
    }

    // A command is kept packed: what goes in comes out, binary-safe, long or empty.
    void packedArgvKeepsEveryArgument()
    {
        const Argv argv{"SET", QByteArray("k\0\r\n", 4), QByteArray(), QByteArray(300, 'v'), QByteArray(70000, 'w')};
        const PackedArgv packed(argv);
        QCOMPARE(packed.size(), argv.size());
        QCOMPARE(packed.toList(), argv);
        QCOMPARE(packed.at(1), argv.at(1));
        QCOMPARE(packed.at(4).size(), 70000);
        QVERIFY(packed.at(5).isNull());
        QVERIFY(packed == PackedArgv(argv));
        QVERIFY(packed != PackedArgv({"SET"}));
        QVERIFY(PackedArgv().isEmpty());
        QCOMPARE(PackedArgv().size(), 0);
        int n = 0;
        for (const QByteArray &a : packed)
            QCOMPARE(a, argv.at(n++));
        QCOMPARE(displayArgv(PackedArgv({"GET", "stock:1"})), QStringLiteral("GET stock:1"));
    }

    // A history stops taking events at its limit (the run then stops), but
    // always takes the Error event that says so.
    void historyHasALimit()
    {
        History h;
        h.setLimit(3);
        for (int i = 0; i < 3; ++i)
            QVERIFY(h.append(Event{}));
        QVERIFY(!h.append(Event{}));
        Event error;
        error.kind = EventKind::Error;
        QVERIFY(h.append(error));
        QCOMPARE(h.size(), 4);
    }

    // Chunked storage: reading from any offset returns the events in order.
    void historyReadsAcrossChunks()
    {
        History h;
        for (int i = 0; i < 2500; ++i) {
            Event e;
            e.tNs = i;
            h.append(std::move(e));
        }
        QCOMPARE(h.size(), 2500);
        const QList<Event> tail = h.eventsSince(1020);
        QCOMPARE(tail.size(), 1480);
        for (int i = 0; i < tail.size(); ++i)
            QCOMPARE(tail.at(i).tNs, qint64(1020 + i));
        QCOMPARE(h.events().size(), 2500);
        QVERIFY(h.eventsSince(2500).isEmpty());
        QCOMPARE(h.eventsSince(-5).first().tNs, 0);
    }
};

QTEST_MAIN(TestRecordingFootprint)
#include "test_recording_footprint.moc"
