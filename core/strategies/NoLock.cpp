#include "StockUpdate.h"
#include "Strategies.h"

namespace lockstock {

namespace {
Task<bool> placeOrder(Client &c)
{
    // Nothing stops two clients reading 100 and both writing 99.
    co_return co_await readCheckWrite(c);
}
} // namespace

extern const Strategy noLockStrategy{
    .name = QStringLiteral("no-lock"),
    .title = QT_TRANSLATE_NOOP("Strategy", "GET, compute, SET with no lock"),
    .lesson = QT_TRANSLATE_NOOP("Strategy", "Two clients read the same stock and both write it back: one update is lost."),
    .correct = false,
    .weakness = QT_TRANSLATE_NOOP("Strategy", "two clients reading the stock before either writes it back"),
    .placeOrder = placeOrder,
    .scripts = {},
    .sourceFile = __FILE__,
};

} // namespace lockstock
