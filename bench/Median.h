#pragma once
// The median of a round's figures: what the benches report, with the spread.

#include <QList>

#include <algorithm>

namespace lockstock::bench {

inline double median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 ? values.at(n / 2) : (values.at(n / 2 - 1) + values.at(n / 2)) / 2;
}

} // namespace lockstock::bench
