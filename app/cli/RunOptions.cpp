#include "RunOptions.h"

#include "cli/Console.h"
#include "cli/RedisOptions.h"
#include "strategies/Strategies.h"

namespace lockstock {

void addRunOptions(QCommandLineParser &parser)
{
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QStringLiteral("A built-in scenario name (see 'lockstock list') or a .json file."));
    parser.addOption({QStringLiteral("strategy"),
                      QStringLiteral("Strategy name, or 'broken' / 'correct' for the scenario's pair (default: broken)."),
                      QStringLiteral("NAME"), QStringLiteral("broken")});
    parser.addOption({QStringLiteral("speed"),
                      QStringLiteral("On the real clock (--live, --redis): scenario milliseconds per real "
                                     "millisecond (default: the scenario's). A run on the virtual clock sends "
                                     "the scenario's own numbers and does not need it."),
                      QStringLiteral("X")});
    parser.addOption({QStringLiteral("seed"), QStringLiteral("Seeded random schedule."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("schedule"),
                      QStringLiteral("timed, scripted, random or live (default: the scenario's)."),
                      QStringLiteral("S")});
    parser.addOption({QStringLiteral("live"), QStringLiteral("Same as --schedule live: a thread per client.")});
}

std::optional<Scenario> readScenarioArgument(const QCommandLineParser &parser)
{
    const QStringList args = parser.positionalArguments();
    if (args.size() != 1) {
        printError(args.isEmpty() ? QStringLiteral("which scenario? (see 'lockstock list')")
                                  : QStringLiteral("one scenario at a time, got: %1").arg(args.join(QLatin1Char(' '))));
        return std::nullopt;
    }
    ScenarioError error;
    std::optional<Scenario> scenario = findScenario(args.first(), &error);
    if (!scenario)
        printError(error.display());
    return scenario;
}

const Strategy *readStrategyOption(const QCommandLineParser &parser, const Scenario &scenario)
{
    QString name = parser.value(QStringLiteral("strategy"));
    if (name == QLatin1String("broken"))
        name = scenario.broken;
    else if (name == QLatin1String("correct"))
        name = scenario.correct;
    if (const Strategy *s = findStrategy(name))
        return s;
    QStringList names;
    for (const Strategy *s : allStrategies())
        names << s->name;
    printError(QStringLiteral("unknown strategy '%1' (one of: broken, correct, %2)").arg(name, names.join(QStringLiteral(", "))));
    return nullptr;
}

bool readRunRequest(const QCommandLineParser &parser, RunRequest *out)
{
    std::optional<Scenario> scenario = readScenarioArgument(parser);
    if (!scenario)
        return false;
    RunConfig &config = scenario->config;
    out->strategy = readStrategyOption(parser, *scenario);
    if (!out->strategy)
        return false;
    config.correctSide = scenario->correctHere(out->strategy->name, out->strategy->correct);

    if (parser.isSet(QStringLiteral("speed"))) {
        bool ok = false;
        const double speed = parser.value(QStringLiteral("speed")).toDouble(&ok);
        if (!ok || !(speed >= 0.01 && speed <= 10000)) {
            printError(QStringLiteral("--speed must be a number from 0.01 to 10000 (got '%1')")
                           .arg(parser.value(QStringLiteral("speed"))));
            return false;
        }
        config.speed = speed;
    }
    if (parser.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        const qint64 seed = parser.value(QStringLiteral("seed")).toLongLong(&ok);
        if (!ok || seed < 0) {
            printError(QStringLiteral("--seed must be a whole number, 0 or more"));
            return false;
        }
        config.seed = quint64(seed);
        config.schedule = Schedule::Random;
    }
    QString schedule = parser.value(QStringLiteral("schedule"));
    if (parser.isSet(QStringLiteral("live")))
        schedule = QStringLiteral("live");
    out->mode = RunMode::Stepped;
    const std::optional<Schedule> named = enumFromName<Schedule>(schedule);
    if (schedule == QLatin1String("live")) {
        out->mode = RunMode::Live;
        config.probe = false;
    } else if (named && *named != Schedule::Interactive) {
        config.schedule = *named;
    } else if (!schedule.isEmpty()) {
        printError(QStringLiteral("--schedule must be timed, scripted, random or live (got '%1')").arg(schedule));
        return false;
    }
    out->scenario = *scenario;
    return true;
}

bool openRunTarget(const QCommandLineParser &parser, RunRequest &request, std::unique_ptr<RedisTarget> *target)
{
    // A scenario that kills and restarts servers runs only on servers it starts.
    if (request.scenario.config.needsPrivateServers()) {
        if (parser.isSet(QStringLiteral("redis"))) {
            printError(QStringLiteral("scenario '%1' starts and faults its own redis-servers; it cannot use --redis")
                           .arg(request.scenario.name));
            return false;
        }
        target->reset();
        return true;
    }
    *target = openRedisTarget(parser);
    if (!*target)
        return false;
    request.scenario.config.keyPrefix = (*target)->keyPrefix();
    return true;
}

QString runRequest(const RunRequest &request, const RedisTarget *target, History &history)
{
    return target ? runToEnd(request.scenario.config, *request.strategy, target->endpoint(), history, request.mode)
                  : runWithOwnServers(request.scenario.config, *request.strategy, history, request.mode);
}

} // namespace lockstock
