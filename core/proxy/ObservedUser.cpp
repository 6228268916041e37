#include "ObservedUser.h"

#include "RecordingProxy.h"

#include "redis/RedisServer.h"

namespace lockstock {

ObservedUser ObservedUser::withPassword(const QByteArray &password)
{
    ObservedUser user;
    user.password = password.isEmpty() ? RedisServer::randomPassword() : password;
    // Printable ASCII without spaces, quotes or backslashes: the password
    // goes as it is into redis.conf, a shell's single quotes and the
    // double-quoted strings of the Python and Node snippets.
    for (const char ch : std::as_const(user.password))
        if (ch <= ' ' || ch > '~' || ch == '"' || ch == '\'' || ch == '\\')
            throw ProxyError("--password takes letters, digits and punctuation without spaces, quotes or backslashes");
    return user;
}

QByteArray ObservedUser::configLine() const
{
    // INFO is @dangerous, but shows no password, and ioredis asks it on
    // every connection before its first command (its ready check).
    return "user " + name + " on >" + password + " ~* &* +@all -@admin -@dangerous +info\n";
}

} // namespace lockstock
