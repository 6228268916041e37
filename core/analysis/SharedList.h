#pragma once
// An append-only list whose copies share what they have in common: items live
// in fixed-size chunks that never move, so a snapshot handed to another
// thread keeps reading its items while the writer appends after them. Copying
// one copies a chunk table, not the items.

#include <QList>
#include <algorithm>
#include <iterator>
#include <memory>
#include <vector>

namespace lockstock {

template <class T>
class SharedList {
public:
    static constexpr qsizetype kChunk = 1024;

    qsizetype size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    const T &at(qsizetype i) const { return m_chunks.at(i / kChunk)->data()[i % kChunk]; }
    const T &operator[](qsizetype i) const { return at(i); }
    const T &last() const { return at(m_size - 1); }

    // Only the list's writer appends; copies taken before never see it.
    void append(T item)
    {
        if (m_size % kChunk == 0) {
            m_chunks.append(std::make_shared<std::vector<T>>());
            m_chunks.last()->reserve(size_t(kChunk));
        }
        std::vector<T> &chunk = *m_chunks.last();
        // A copy may share this chunk and hold fewer items: it never looks
        // past its own size, so the vector only ever grows in place.
        chunk.push_back(std::move(item));
        ++m_size;
    }

    class const_iterator {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = qsizetype;
        using pointer = const T *;
        using reference = const T &;

        const_iterator() = default;
        const_iterator(const SharedList *list, qsizetype i) : m_list(list), m_i(i) {}
        reference operator*() const { return m_list->at(m_i); }
        pointer operator->() const { return &m_list->at(m_i); }
        reference operator[](difference_type n) const { return m_list->at(m_i + n); }
        const_iterator &operator++() { ++m_i; return *this; }
        const_iterator operator++(int) { auto t = *this; ++m_i; return t; }
        const_iterator &operator--() { --m_i; return *this; }
        const_iterator operator--(int) { auto t = *this; --m_i; return t; }
        const_iterator &operator+=(difference_type n) { m_i += n; return *this; }
        const_iterator &operator-=(difference_type n) { m_i -= n; return *this; }
        const_iterator operator+(difference_type n) const { return {m_list, m_i + n}; }
        friend const_iterator operator+(difference_type n, const const_iterator &it) { return it + n; }
        const_iterator operator-(difference_type n) const { return {m_list, m_i - n}; }
        difference_type operator-(const const_iterator &o) const { return m_i - o.m_i; }
        bool operator==(const const_iterator &o) const { return m_i == o.m_i; }
        auto operator<=>(const const_iterator &o) const { return m_i <=> o.m_i; }
        qsizetype index() const { return m_i; }

    private:
        const SharedList *m_list = nullptr;
        qsizetype m_i = 0;
    };
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, m_size}; }
    const_iterator cbegin() const { return begin(); }
    const_iterator cend() const { return end(); }

private:
    QList<std::shared_ptr<std::vector<T>>> m_chunks;
    qsizetype m_size = 0;
};

} // namespace lockstock
