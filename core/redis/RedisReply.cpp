#include "RedisReply.h"

#include <hiredis/hiredis.h>

namespace lockstock {

void RedisReplyDeleter::operator()(redisReply *r) const
{
    freeReplyObject(r);
}

RedisReplyPtr adoptReply(void *reply)
{
    return RedisReplyPtr(static_cast<redisReply *>(reply));
}

RedisValue toValue(const redisReply *r)
{
    switch (r->type) {
    case REDIS_REPLY_STRING:
        return RedisValue::string(QByteArray(r->str, int(r->len)));
    case REDIS_REPLY_STATUS: {
        // Nearly every status is OK: one shared copy, not one per recorded event.
        static const QByteArray ok("OK");
        if (r->len == 2 && r->str[0] == 'O' && r->str[1] == 'K')
            return RedisValue::status(ok);
        return RedisValue::status(QByteArray(r->str, int(r->len)));
    }
    case REDIS_REPLY_ERROR:
        return RedisValue::error(QByteArray(r->str, int(r->len)));
    case REDIS_REPLY_INTEGER:
        return RedisValue::integer(r->integer);
    case REDIS_REPLY_ARRAY: {
        QList<RedisValue> items;
        items.reserve(qsizetype(r->elements));
        for (size_t i = 0; i < r->elements; ++i)
            items.append(toValue(r->element[i]));
        return RedisValue::array(std::move(items));
    }
    default:
        return RedisValue::nil();
    }
}

} // namespace lockstock
