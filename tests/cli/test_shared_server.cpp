#include <QTest>
class TestSharedServer : public QObject { Q_OBJECT };
QTEST_GUILESS_MAIN(TestSharedServer)
#include "test_shared_server.moc"
