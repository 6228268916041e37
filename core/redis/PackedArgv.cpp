#include "PackedArgv.h"

namespace lockstock {

namespace {
// A length as a base-128 varint: one byte for arguments under 128 bytes.
void appendLength(QByteArray &out, qsizetype n)
{
    auto v = quint64(n);
    do {
        const auto low = char(v & 0x7f);
        v >>= 7;
        out.append(v ? char(low | 0x80) : low);
    } while (v);
}

// Reads the length at `pos` and moves `pos` past it.
qsizetype readLength(const QByteArray &bytes, qsizetype &pos)
{
    quint64 v = 0;
    for (int shift = 0; pos < bytes.size(); shift += 7) {
        const auto b = quint8(bytes.at(pos++));
        v |= quint64(b & 0x7f) << shift;
        if (!(b & 0x80))
            break;
    }
    return qsizetype(v);
}
} // namespace

PackedArgv::PackedArgv(const Argv &argv)
{
    qsizetype total = 0;
    for (const QByteArray &a : argv)
        total += a.size() + 2;
    m_bytes.reserve(total);
    for (const QByteArray &a : argv)
        append(a);
    m_bytes.squeeze();
}

PackedArgv::PackedArgv(std::initializer_list<QByteArray> argv)
    : PackedArgv(Argv(argv))
{
}

void PackedArgv::append(const QByteArray &arg)
{
    appendLength(m_bytes, arg.size());
    m_bytes.append(arg);
}

QByteArray PackedArgv::const_iterator::operator*() const
{
    qsizetype pos = m_pos;
    const qsizetype n = readLength(*m_bytes, pos);
    return m_bytes->mid(pos, n);
}

PackedArgv::const_iterator &PackedArgv::const_iterator::operator++()
{
    const qsizetype n = readLength(*m_bytes, m_pos);
    m_pos = std::min(m_pos + n, m_bytes->size());
    return *this;
}

qsizetype PackedArgv::size() const
{
    return std::distance(begin(), end());
}

QByteArray PackedArgv::at(qsizetype i) const
{
    auto it = begin();
    for (; i > 0 && it != end(); --i)
        ++it;
    return it == end() || i < 0 ? QByteArray() : *it;
}

Argv PackedArgv::toList() const
{
    return Argv(begin(), end());
}

} // namespace lockstock
