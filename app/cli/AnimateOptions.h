#pragma once
// shot --animate FILE.gif|.webm|.mp4|.apng [--fps N] [--duration S] [--size WxH] [--lesson]:
// the run as it played instead of the finished timeline (animation/TimelineAnimation.h).

#include "animation/TimelineAnimation.h"

class QCommandLineParser;

namespace lockstock {

struct AnimateRequest {
    QString path;
    AnimationOptions options;
    bool lesson = false;       // the scenario's lesson's words under the run
};

void addAnimateOptions(QCommandLineParser &parser);
// False (the error printed) when the options are bad; `request` stays empty
// without --animate.
bool readAnimateOptions(const QCommandLineParser &parser, std::optional<AnimateRequest> *request);

} // namespace lockstock
