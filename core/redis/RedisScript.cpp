#include "RedisScript.h"

#include <QCryptographicHash>
#include <QHash>
#include <QMutex>

namespace lockstock {

namespace {
QMutex registryLock;
QHash<QByteArray, QByteArray> &registry()
{
    static QHash<QByteArray, QByteArray> scripts;
    return scripts;
}
} // namespace

RedisScript::RedisScript(QByteArray source)
    : m_source(std::move(source))
    , m_sha(QCryptographicHash::hash(m_source, QCryptographicHash::Sha1).toHex())
{
    QMutexLocker locker(&registryLock);
    registry().insert(m_sha, m_source);
}

QByteArray RedisScript::sourceFor(const QByteArray &sha)
{
    QMutexLocker locker(&registryLock);
    return registry().value(sha.toLower());
}

} // namespace lockstock
