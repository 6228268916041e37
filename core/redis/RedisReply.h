#pragma once
// The one place that owns hiredis reply memory.

#include "RedisValue.h"

#include <memory>

struct redisReply;

namespace lockstock {

struct RedisReplyDeleter {
    void operator()(redisReply *r) const;
};
using RedisReplyPtr = std::unique_ptr<redisReply, RedisReplyDeleter>;

// Takes ownership of a reply returned by hiredis as void*.
RedisReplyPtr adoptReply(void *reply);
RedisValue toValue(const redisReply *reply);

} // namespace lockstock
