#pragma once
// Which keys are locks and which hold the stock: the user's patterns
// (--lock-key 'lock:*' --stock-key 'stock:*'), or what the commands show
// when a pattern is not given: a key set with NX (and a TTL) is a lock, a
// numeric key decremented, or read and written back lower, is stock.

#include "Recording.h"

#include <QSet>

namespace lockstock {

// The command's name in upper case ("SET"), empty for an empty argv.
QByteArray commandName(const Argv &argv);
// The key arguments of a command, for the commands locks and stock use;
// none for commands LockStock does not know.
QList<QByteArray> commandKeys(const Argv &argv);
// The ARGV of EVAL/EVALSHA/FCALL (after the keys); empty for other commands.
QList<QByteArray> scriptArgs(const Argv &argv);
bool isScriptCall(const QByteArray &name);
// redis-server's stringmatchlen: * ? [abc] [^a-z] and \ escapes.
bool globMatch(const QByteArray &pattern, const QByteArray &text);

// What a connection last read, for telling a read-modify-write of stock.
struct LastRead {
    QByteArray key;
    long long value = 0;
};

class KeyRoles {
public:
    KeyRoles(QByteArray lockPattern = {}, QByteArray stockPattern = {});

    KeyRole roleOf(const QByteArray &key) const;
    const QByteArray &lockPattern() const { return m_lockPattern; }
    const QByteArray &stockPattern() const { return m_stockPattern; }

    // Learns from one finished command (its reply known) on a connection
    // whose last read is `read`. Returns the keys it newly inferred.
    QList<InferredKey> learn(const ObservedCommand &command, LastRead *read);

    // The resource a lock or stock key belongs to, so that 'lock:42' pairs
    // with 'stock:42': what the pattern's single '*' matched, else the text
    // after the key's first ':'.
    QByteArray resourceOf(const QByteArray &key) const;

private:
    bool inferred(const QByteArray &key, KeyRole role, const QString &reason, QList<InferredKey> *out);

    QByteArray m_lockPattern;
    QByteArray m_stockPattern;
    QSet<QByteArray> m_locks;
    QSet<QByteArray> m_stocks;
};

} // namespace lockstock
