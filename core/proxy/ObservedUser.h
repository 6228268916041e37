#pragma once
// The Redis ACL user that observed programs log in as, on every server of
// an observe session. It runs what lock and stock code runs (strings, keys,
// scripts, transactions, pub/sub, CLIENT SETNAME, HELLO, INFO) and nothing
// of @admin or @dangerous (CONFIG, FLUSHALL, DEBUG, SHUTDOWN, REPLICAOF,
// ACL LIST, KEYS, MONITOR...): whoever reaches the proxy is never the
// server's admin. It lives in each server's redis.conf, not in one ACL
// SETUSER: ACL users are not replicated, so every replica needs its own,
// and a restarted server has it before its first client.

#include <QByteArray>
#include <QString>

namespace lockstock {

struct ObservedUser {
    QByteArray name = "observed";
    QByteArray password;

    // With `password`, or a fresh random one when it is empty. Throws
    // ProxyError for one that cannot be pasted into a snippet as it is.
    static ObservedUser withPassword(const QByteArray &password);
    // The redis.conf line that defines it.
    QByteArray configLine() const;
};

} // namespace lockstock
