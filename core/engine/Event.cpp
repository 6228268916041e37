#include "Event.h"

namespace lockstock {

bool isStoreStep(Step step)
{
    switch (step) {
    case Step::ReadStock:
    case Step::WriteStock:
    case Step::Decrement:
    case Step::Compensate:
    case Step::Watch:
    case Step::Multi:
    case Step::Exec:
    case Step::Unwatch:
    case Step::Fence:
    case Step::Reserve:
        return true;
    default:
        return false;
    }
}

} // namespace lockstock
