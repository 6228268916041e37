#pragma once
// --redis HOST:PORT and --password, shared by every command that talks to Redis.

#include "engine/RedisTarget.h"

#include <QCommandLineParser>
#include <memory>

namespace lockstock {

void addRedisOptions(QCommandLineParser &parser);
// The private server, or the one --redis names. On failure prints why to
// stderr and returns null (the caller exits with 2).
std::unique_ptr<RedisTarget> openRedisTarget(const QCommandLineParser &parser);

} // namespace lockstock
