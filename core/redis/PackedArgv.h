#pragma once
// A command's arguments as one block of bytes: each argument's length, then
// its bytes. A recorded event keeps its command this way: one allocation of
// about the command's own size, where a QList<QByteArray> costs a list and
// an allocation per argument (a SET NX PX, 340 bytes instead of 90). Reads
// like a read-only list of QByteArray.

#include <QByteArray>
#include <QList>

#include <initializer_list>
#include <iterator>

namespace lockstock {

using Argv = QList<QByteArray>;

class PackedArgv {
public:
    PackedArgv() = default;
    PackedArgv(const Argv &argv);                          // NOLINT: packs on assignment from an Argv
    PackedArgv(std::initializer_list<QByteArray> argv);    // NOLINT

    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = QByteArray;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = QByteArray;

        const_iterator() = default;
        QByteArray operator*() const;
        const_iterator &operator++();
        const_iterator operator++(int)
        {
            const_iterator before = *this;
            ++*this;
            return before;
        }
        bool operator==(const const_iterator &o) const { return m_pos == o.m_pos; }
        bool operator!=(const const_iterator &o) const { return m_pos != o.m_pos; }

    private:
        friend class PackedArgv;
        const_iterator(const QByteArray *bytes, qsizetype pos) : m_bytes(bytes), m_pos(pos) {}
        const QByteArray *m_bytes = nullptr;
        qsizetype m_pos = 0;
    };

    const_iterator begin() const { return {&m_bytes, 0}; }
    const_iterator end() const { return {&m_bytes, m_bytes.size()}; }
    qsizetype size() const;
    bool isEmpty() const { return m_bytes.isEmpty(); }
    // Argument i (a copy sharing nothing with the block); empty when out of range.
    QByteArray at(qsizetype i) const;
    QByteArray first() const { return at(0); }
    Argv toList() const;

    bool operator==(const PackedArgv &o) const { return m_bytes == o.m_bytes; }
    bool operator!=(const PackedArgv &o) const { return m_bytes != o.m_bytes; }

private:
    void append(const QByteArray &arg);
    QByteArray m_bytes;
};

} // namespace lockstock
