#include "ObserveCommand.h"

#include "cli/Console.h"
#include "cli/Interrupt.h"
#include "cli/ListenOption.h"
#include "cli/RunCommand.h"
#include "cli/TraceTable.h"
#include "analysis/HistoryJson.h"
#include "rendering/TimelineExport.h"
#include "io/OutputFile.h"
#include "proxy/Observation.h"
#include "redis/RedisError.h"
#include "scenario/Scenario.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>

#include <poll.h>
#include <unistd.h>

namespace lockstock {

namespace {
const char *kControlHelp =
    "Commands (type them while recording):\n"
    "  clients                       the open connections\n"
    "  delay CLIENT MS               delay CLIENT's link by MS each way (0 ends it)\n"
    "  drop CLIENT                   drop the next reply to CLIENT; its link then goes silent\n"
    "  partition CLIENT NODE[,NODE]  cut CLIENT off from those nodes (heal CLIENT ends it)\n"
    "  pause NODE | resume NODE      hold all traffic to and from NODE in the proxy\n"
    "  kill NODE | restart NODE      SIGKILL NODE's redis-server | start it again (empty)\n"
    "  sigstop NODE | sigcont NODE   freeze NODE's redis-server | let it run\n"
    "  stop                          stop recording and judge (as Ctrl-C)\n"
    "CLIENT is a connection (c3), a CLIENT SETNAME name, or all. NODE is a name (n1) or a number from 1.";

// "single", "masters:5" / "redlock", "replicated:3", or a scenario whose topology is used.
bool readSetup(const QString &text, NodeSpec *out, QString *title)
{
    if (text.isEmpty() || text == QLatin1String("single")) {
        *out = {};
        return true;
    }
    const QString kind = text.section(QLatin1Char(':'), 0, 0);
    const QString count = text.section(QLatin1Char(':'), 1);
    if (kind == QLatin1String("redlock") || kind == QLatin1String("masters") || kind == QLatin1String("replicated")) {
        bool ok = true;
        const int n = count.isEmpty() ? (kind == QLatin1String("replicated") ? 3 : 5) : count.toInt(&ok);
        if (!ok || n < 1 || n > 9) {
            printError(QStringLiteral("'%1': the node count must be 1 to 9").arg(text));
            return false;
        }
        out->kind = kind == QLatin1String("replicated") ? NodeSpec::Kind::Replicated : NodeSpec::Kind::Masters;
        out->count = n;
        return true;
    }
    ScenarioError error;
    const std::optional<Scenario> scenario = findScenario(text, &error);
    if (!scenario) {
        printError(QStringLiteral("'%1' is neither single, masters:N, replicated:N nor a scenario: %2").arg(text, error.display()));
        return false;
    }
    *out = scenario->config.nodes;
    *title = scenario->name;
    return true;
}

bool readSeconds(const QCommandLineParser &parser, const QString &name, double *out)
{
    if (!parser.isSet(name))
        return true;
    bool ok = false;
    *out = parser.value(name).toDouble(&ok);
    if (!ok || *out <= 0 || *out > 86400 * 7) {
        printError(QStringLiteral("--%1 wants seconds, more than 0 (got '%2')").arg(name, parser.value(name)));
        return false;
    }
    return true;
}

int nodeIndex(const Observation &o, const QString &text)
{
    for (int i = 0; i < o.nodes().size(); ++i)
        if (o.nodes().at(i).name == text)
            return i;
    bool ok = false;
    const int n = text.toInt(&ok);
    if (ok && n >= 1 && n <= o.nodes().size())
        return n - 1;
    throw ProxyError(("no node '" + text + "'").toStdString());
}

void printWelcome(Observation &o, const RecordingProxy::Options &options)
{
    const QList<ProxyNode> &nodes = o.nodes();
    printOut(QStringLiteral("Recording proxy · clock: real · %1 private redis-server%2")
                 .arg(nodes.size())
                 .arg(nodes.size() > 1 ? QStringLiteral("s") : QString()));
    for (int i = 0; i < nodes.size(); ++i)
        printOut(QStringLiteral("  %1 %2 -> redis-server %3").arg(nodes.at(i).name, -6).arg(o.address(i), -22).arg(nodes.at(i).upstream.display()));
    printOut(QStringLiteral("Programs log in as user '%1', password %2 (a Redis ACL user without admin or dangerous commands).")
                 .arg(QString::fromUtf8(o.user().name), QString::fromUtf8(o.user().password)));
    printOut(QString());
    auto indented = [](const QString &code) { return QStringLiteral("    ") + QString(code).replace(QLatin1Char('\n'), QStringLiteral("\n    ")); };
    printOut(QStringLiteral("Point your program at the proxy as if it were Redis. In Python (redis-py):"));
    printOut(indented(o.pythonExample()));
    printOut(o.redlock() ? QStringLiteral("In Node (redlock with ioredis), over the lock nodes:") : QStringLiteral("In Node (ioredis):"));
    printOut(indented(o.nodeExample()));
    printOut(QStringLiteral("By hand (the password in the environment: other local users can read a command line):"));
    printOut(indented(o.cliExample()));
    printOut(QString());
    printOut(QStringLiteral("Lock keys: %1 · stock keys: %2")
                 .arg(options.lockPattern.isEmpty() ? QStringLiteral("inferred (a key set with NX)")
                                                    : QStringLiteral("'%1'").arg(QString::fromUtf8(options.lockPattern)),
                      options.stockPattern.isEmpty() ? QStringLiteral("inferred (a number decremented)")
                                                     : QStringLiteral("'%1'").arg(QString::fromUtf8(options.stockPattern))));
    printOut(QStringLiteral("Recording. Ctrl-C (or 'stop') ends it and prints the verdict; 'help' lists faults."));
}

// Beyond loopback the proxy is the servers' door for the whole network: said
// whatever --quiet says.
void warnIfExposed(const Observation &o)
{
    if (o.proxy().loopbackOnly())
        return;
    const QList<int> ports = o.proxy().ports();
    printError(QStringLiteral("warning: the proxy listens on %1, beyond this machine: whoever can reach port%2 %3 over the "
                              "network and has the password of user '%4' can read and write every key of the private "
                              "redis-server%5, and the traffic, that password included, crosses the network unencrypted "
                              "(no TLS). Listen on 127.0.0.1 (the default) unless programs on other machines must connect.")
                   .arg(o.proxy().listenHost(), ports.size() > 1 ? QStringLiteral("s") : QString(),
                        ports.size() > 1 ? QStringLiteral("%1-%2").arg(ports.first()).arg(ports.last()) : QString::number(ports.value(0)),
                        QString::fromUtf8(o.user().name), ports.size() > 1 ? QStringLiteral("s") : QString()));
}

// One control line; returns false when it asks to stop.
bool control(Observation &o, const QString &line)
{
    const QStringList words = line.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.isEmpty())
        return true;
    const QString verb = words.first().toLower();
    auto need = [&](int n) {
        if (words.size() != n + 1)
            throw ProxyError(("'" + verb + "' takes " + QString::number(n) + " argument(s); 'help' lists them").toStdString());
    };
    RecordingProxy &proxy = o.proxy();
    try {
        if (verb == QLatin1String("stop") || verb == QLatin1String("quit"))
            return false;
        if (verb == QLatin1String("help")) {
            printOut(QString::fromLatin1(kControlHelp));
        } else if (verb == QLatin1String("clients")) {
            int open = 0;
            for (const ObservedConnection &c : proxy.recording().connections()) {
                if (c.closedNs >= 0)
                    continue;
                ++open;
                printOut(QStringLiteral("  c%1 %2 %3 %4 %5")
                             .arg(c.id)
                             .arg(o.nodes().value(c.node).name, -6)
                             .arg(c.peer, -22)
                             .arg(c.pid ? QStringLiteral("%1:%2").arg(c.process).arg(c.pid) : QString(), -20)
                             .arg(QString::fromUtf8(c.name)));
            }
            printOut(QStringLiteral("observe: %1 open connection(s), %2 command(s) recorded")
                         .arg(open)
                         .arg(proxy.recording().commandCount()));
        } else if (verb == QLatin1String("delay")) {
            need(2);
            bool ok = false;
            const int ms = words.at(2).toInt(&ok);
            if (!ok || ms < 0 || ms > 600000)
                throw ProxyError("delay wants milliseconds, 0 to 600000");
            printOut(QStringLiteral("observe: ") + proxy.delay(words.at(1), ms));
        } else if (verb == QLatin1String("drop")) {
            need(1);
            printOut(QStringLiteral("observe: ") + proxy.dropNextReply(words.at(1)));
        } else if (verb == QLatin1String("partition")) {
            need(2);
            QList<int> nodes;
            for (const QString &n : words.at(2).split(QLatin1Char(','), Qt::SkipEmptyParts))
                nodes << nodeIndex(o, n);
            printOut(QStringLiteral("observe: ") + proxy.partition(words.at(1), nodes));
        } else if (verb == QLatin1String("heal")) {
            need(1);
            printOut(QStringLiteral("observe: ") + proxy.partition(words.at(1), {}));
        } else if (verb == QLatin1String("pause") || verb == QLatin1String("resume")) {
            need(1);
            printOut(QStringLiteral("observe: ") + proxy.pauseNode(nodeIndex(o, words.at(1)), verb == QLatin1String("pause")));
        } else if (verb == QLatin1String("kill") || verb == QLatin1String("restart") || verb == QLatin1String("sigstop")
                   || verb == QLatin1String("sigcont")) {
            need(1);
            const ServerFault::Action action = verb == QLatin1String("kill")        ? ServerFault::Action::Kill
                : verb == QLatin1String("restart")                                 ? ServerFault::Action::Restart
                : verb == QLatin1String("sigstop")                                 ? ServerFault::Action::Pause
                                                                                   : ServerFault::Action::Resume;
            printOut(QStringLiteral("observe: ") + o.serverFault(action, nodeIndex(o, words.at(1))));
        } else {
            throw ProxyError(("unknown command '" + verb + "'; 'help' lists them").toStdString());
        }
    } catch (const std::exception &e) {
        printOut(QStringLiteral("observe: error: %1").arg(QString::fromUtf8(e.what())));
    }
    return true;
}

QJsonObject observedJson(const Observation &o, const RecordingProxy &proxy, const ObservedRun &run,
                         const QList<std::shared_ptr<const RunAnalysis>> &analyses)
{
    QJsonObject json;
    json[QStringLiteral("clock")] = QStringLiteral("real");
    QJsonArray nodes;
    for (int i = 0; i < o.nodes().size(); ++i)
        nodes.append(QJsonObject{{QStringLiteral("name"), o.nodes().at(i).name},
                                 {QStringLiteral("proxy"), o.address(i)}});
    json[QStringLiteral("nodes")] = nodes;
    QJsonArray lanes;
    for (const ObservedLane &l : run.lanes) {
        QJsonArray connections;
        for (int c : l.connections)
            connections.append(QStringLiteral("c%1").arg(c));
        QJsonObject lane{{QStringLiteral("name"), l.name}, {QStringLiteral("connections"), connections}};
        if (l.pid) {
            lane[QStringLiteral("pid")] = l.pid;
            lane[QStringLiteral("process")] = l.process;
        }
        lanes.append(lane);
    }
    json[QStringLiteral("lanes")] = lanes;
    QJsonArray connections;
    for (const ObservedConnection &c : proxy.recording().connections()) {
        QJsonObject j{{QStringLiteral("id"), QStringLiteral("c%1").arg(c.id)},
                      {QStringLiteral("node"), o.nodes().value(c.node).name},
                      {QStringLiteral("peer"), c.peer},
                      {QStringLiteral("opened_ms"), double(c.openedNs) / 1e6},
                      {QStringLiteral("closed_ms"), c.closedNs >= 0 ? QJsonValue(double(c.closedNs) / 1e6) : QJsonValue()},
                      {QStringLiteral("closed_by"), c.closedBy}};
        if (!c.name.isEmpty())
            j[QStringLiteral("name")] = QString::fromUtf8(c.name);
        if (c.pid)
            j[QStringLiteral("pid")] = c.pid;
        connections.append(j);
    }
    json[QStringLiteral("connections")] = connections;
    json[QStringLiteral("notes")] = QJsonArray::fromStringList(run.notes);
    QJsonArray resources;
    for (size_t i = 0; i < run.resources.size(); ++i) {
        const ObservedResource &r = run.resources.at(i);
        const RunAnalysis &analysis = *analyses.at(qsizetype(i));
        resources.append(QJsonObject{{QStringLiteral("lock_key"), QString::fromUtf8(r.lockKey)},
                                     {QStringLiteral("stock_key"), QString::fromUtf8(r.stockKey)},
                                     {QStringLiteral("verdict"), analysis.findings().join(QLatin1Char(' '))},
                                     {QStringLiteral("severity"), QLatin1String(nameOf(analysis.verdict.severity()))},
                                     {QStringLiteral("clean"), analysis.clean()}});
    }
    json[QStringLiteral("resources")] = resources;
    return json;
}
} // namespace

int observeCommand(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Records what your own programs do through a Redis proxy, then judges it like a LockStock run.\n"
        "SETUP is single (the default), masters:N (RedLock; 'redlock' is masters:5), replicated:N,\n"
        "or a scenario whose topology to start."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("setup"), QStringLiteral("single, masters:N, replicated:N or a scenario."),
                                 QStringLiteral("[SETUP]"));
    parser.addOption({QStringLiteral("listen"),
                      QStringLiteral("Where the proxy listens; each further node takes the next port (default 127.0.0.1:0, free ports)."),
                      QStringLiteral("HOST:PORT")});
    parser.addOption({QStringLiteral("password"),
                      QStringLiteral("The password programs log in with, as user 'observed' (default: a fresh random one). "
                                     "Other local users can read a command line: prefer the default on a shared machine."),
                      QStringLiteral("PASSWORD")});
    parser.addOption({QStringLiteral("lock-key"), QStringLiteral("Glob of the lock keys (default: inferred)."), QStringLiteral("PATTERN")});
    parser.addOption({QStringLiteral("stock-key"), QStringLiteral("Glob of the stock keys (default: inferred)."), QStringLiteral("PATTERN")});
    parser.addOption({QStringLiteral("duration"), QStringLiteral("Stop after SECONDS."), QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("until-idle"),
                      QStringLiteral("Stop once no command came for SECONDS after the first one."), QStringLiteral("SECONDS")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("Write the history and the figures to FILE."), QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("trace"),
                      QStringLiteral("Print every command, its reply, the client's belief and what Redis held.")});
    parser.addOption({QStringLiteral("shot"), QStringLiteral("Write the finished timeline as a PNG or SVG."), QStringLiteral("FILE")});
    parser.addOption({{QStringLiteral("q"), QStringLiteral("quiet")}, QStringLiteral("Print only the verdict.")});
    if (const std::optional<int> done = parseArguments(parser, arguments))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1) {
        printError(QStringLiteral("one setup at a time, got: %1").arg(positional.join(QLatin1Char(' '))));
        return kExitUsage;
    }
    Observation::Options options;
    if (!readSetup(positional.value(0), &options.topology, &options.title))
        return kExitUsage;
    if (parser.isSet(QStringLiteral("listen"))
        && !readListenOption(parser.value(QStringLiteral("listen")), &options.proxy.host, &options.proxy.port))
        return kExitUsage;
    if (parser.isSet(QStringLiteral("password")) && parser.value(QStringLiteral("password")).isEmpty()) {
        printError(QStringLiteral("--password cannot be empty: programs always log in"));
        return kExitUsage;
    }
    options.password = parser.value(QStringLiteral("password")).toUtf8();
    options.proxy.lockPattern = parser.value(QStringLiteral("lock-key")).toUtf8();
    options.proxy.stockPattern = parser.value(QStringLiteral("stock-key")).toUtf8();
    double duration = 0, idle = 0;
    if (!readSeconds(parser, QStringLiteral("duration"), &duration) || !readSeconds(parser, QStringLiteral("until-idle"), &idle))
        return kExitUsage;
    const QString shot = parser.value(QStringLiteral("shot"));
    if (parser.isSet(QStringLiteral("shot")) && !shot.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)
        && !shot.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        printError(QStringLiteral("--shot wants a .png or .svg file, got '%1'").arg(shot));
        return kExitUsage;
    }
    const bool quiet = parser.isSet(QStringLiteral("quiet"));
    if (quiet && options.password.isEmpty()) {
        printError(QStringLiteral("--quiet would hide the random password programs log in with: choose one with --password"));
        return kExitUsage;
    }
    // Opened first: a --json that cannot be written fails before the recording.
    std::optional<OutputFile> json;
    if (parser.isSet(QStringLiteral("json")) && !json.emplace().open(parser.value(QStringLiteral("json")))) {
        printError(json->failure());
        return kExitUsage;
    }

    const std::atomic<bool> &interrupted = catchInterrupts();
    std::unique_ptr<Observation> observation;
    try {
        observation = std::make_unique<Observation>(options);
    } catch (const std::exception &e) {
        printError(QString::fromUtf8(e.what()));
        return kExitUsage;
    }
    RecordingProxy &proxy = observation->proxy();
    warnIfExposed(*observation);
    if (!quiet)
        printWelcome(*observation, options.proxy);

    QElapsedTimer clock;
    clock.start();
    bool readingStdin = true;
    QByteArray pending;
    for (;;) {
        if (interrupted.load())
            break;
        if (duration > 0 && clock.elapsed() >= qint64(duration * 1000))
            break;
        const qint64 last = proxy.recording().lastActivityNs();
        if (idle > 0 && last >= 0 && proxy.nowNs() - last >= qint64(idle * 1e9))
            break;
        pollfd in{STDIN_FILENO, POLLIN, 0};
        if (!readingStdin || ::poll(&in, 1, 50) <= 0) {
            if (!readingStdin)
                ::poll(nullptr, 0, 50);
            continue;
        }
        char buffer[4096];
        const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (n <= 0) {
            readingStdin = false; // closed: keep recording, controlled by signals and time
            continue;
        }
        pending.append(buffer, n);
        bool go = true;
        for (qsizetype nl; go && (nl = pending.indexOf('\n')) >= 0;) {
            const QString line = QString::fromUtf8(pending.left(nl));
            pending.remove(0, nl + 1);
            go = control(*observation, line);
        }
        if (!go)
            break;
    }

    const ObservedRun run = observation->finish();
    const qint64 commands = proxy.recording().commandCount(); // with those cut short by the stop
    if (!quiet) {
        printOut(QString());
        printOut(QStringLiteral("Recorded %1 command(s) on %2 connection(s) from %3 client(s).")
                     .arg(commands)
                     .arg(proxy.recording().connections().size())
                     .arg(run.lanes.size()));
        for (const QString &note : run.notes)
            printOut(QStringLiteral("  ") + note);
    }
    // Each resource is judged by the one analysis every run goes through.
    QList<std::shared_ptr<const RunAnalysis>> analyses;
    for (const ObservedResource &r : run.resources)
        analyses << analyze(*r.history);
    for (size_t i = 0; i < run.resources.size(); ++i) {
        const ObservedResource &r = run.resources.at(i);
        const RunAnalysis &analysis = *analyses.at(qsizetype(i));
        printOut(QString());
        printOut(QStringLiteral("lock %1 · stock %2 · clock: real")
                     .arg(r.lockKey.isEmpty() ? QStringLiteral("(none seen)") : QString::fromUtf8(r.lockKey),
                          r.stockKey.isEmpty() ? QStringLiteral("(none seen)") : QString::fromUtf8(r.stockKey)));
        if (parser.isSet(QStringLiteral("trace")))
            printTrace(analysis);
        if (r.stockKey.isEmpty())
            printOut(QStringLiteral("  (no stock key seen: the stock figures do not apply)"));
        printAnalysis(analysis);
        if (parser.isSet(QStringLiteral("shot")) && i == 0) {
            TimelineImage image;
            image.title = QStringLiteral("Observed: %1").arg(QString::fromUtf8(r.lockKey.isEmpty() ? r.stockKey : r.lockKey));
            image.subtitle = QStringLiteral("%1 client(s) through the recording proxy · clock: real").arg(run.lanes.size());
            const QString error = shot.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive) ? writeTimelineSvg(analysis, image, shot)
                                                                                           : writeTimelinePng(analysis, image, shot);
            if (!error.isEmpty()) {
                printError(error);
                return kExitFailed;
            }
            printOut(QStringLiteral("wrote %1").arg(shot));
        }
        if (json && i == 0) {
            QJsonObject history = toJson(analysis);
            history[QStringLiteral("observed")] = observedJson(*observation, proxy, run, analyses);
            json->write(QJsonDocument(history).toJson(QJsonDocument::Indented));
            if (!json->commit()) {
                printError(json->failure());
                return kExitFailed;
            }
        }
    }
    return kExitOk;
}

} // namespace lockstock
