#include "RedisKeys.h"

namespace lockstock {

qint64 removeKeysUnder(RedisConnection &connection, const QByteArray &prefix)
{
    if (prefix.isEmpty())
        return 0;
    qint64 removed = 0;
    QByteArray cursor = "0";
    do {
        const RedisValue page = connection.command({"SCAN", cursor, "MATCH", prefix + '*', "COUNT", "500"});
        if (!page.isArray() || page.items().size() != 2)
            break;
        cursor = page.items().at(0).bytes();
        Argv unlink{"UNLINK"};
        for (const RedisValue &key : page.items().at(1).items())
            unlink << key.bytes();
        if (unlink.size() > 1)
            removed += connection.command(unlink).toInteger();
    } while (cursor != "0");
    return removed;
}

} // namespace lockstock
