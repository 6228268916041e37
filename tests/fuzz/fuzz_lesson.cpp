// libFuzzer target for the lesson loader: whatever the bytes, parseLesson
// either returns a lesson that keeps the loader's promises or an error that
// names where it went wrong. Crashes, hangs and sanitizer reports are bugs.

#include "lesson/Lesson.h"

#include <cstddef>
#include <cstdint>

using namespace lockstock;

namespace {
void require(bool ok)
{
    if (!ok)
        __builtin_trap();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json = QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
    LessonError error;
    const std::optional<Lesson> lesson = parseLesson(json, QStringLiteral("fuzz.json"), &error);
    if (!lesson) {
        require(!error.message.isEmpty());
        require(error.line >= 0 && error.line <= json.count('\n') + 1);
        require(!error.display().isEmpty());
        return 0;
    }
    require(!lesson->broken.isEmpty() && !lesson->correct.isEmpty());
    require(lesson->minutes >= 1 && lesson->minutes <= 120);
    require(!lesson->title.en.isEmpty() && !lesson->title.zh.isEmpty());
    for (const bool correct : {false, true})
        for (const LessonFrame &f : lesson->frames(correct)) {
            require(!f.text.en.isEmpty() && !f.text.zh.isEmpty() && f.at.nth >= 1);
            require(f.choices.isEmpty() || (f.choices.size() >= 2 && f.choices.size() <= 3));
            require(std::count_if(f.choices.begin(), f.choices.end(), [](const LessonChoice &c) { return c.right; })
                    == (f.asks() ? 1 : 0));
            require(!f.at.display().isEmpty());
        }
    return 0;
}
