#pragma once
// One way to turn an enum into the name scenario files, JSON and the trace
// use, and back: each enum lists its names once, in a table beside it.
//
//   template <> struct EnumNames<Step> { static constexpr EnumName<Step> table[] = {...}; };
//   nameOf(Step::ReadStock) == "read";  enumFromName<Step>("read") == Step::ReadStock

#include <QString>
#include <QStringList>
#include <optional>

namespace lockstock {

template <class E>
struct EnumName {
    E value;
    const char *name;
};

// Specialised for each enum with names (see Event.h, RunConfig.h).
template <class E>
struct EnumNames;

template <class E>
const char *nameOf(E value)
{
    for (const EnumName<E> &n : EnumNames<E>::table)
        if (n.value == value)
            return n.name;
    return "?";
}

template <class E>
std::optional<E> enumFromName(QStringView name)
{
    for (const EnumName<E> &n : EnumNames<E>::table)
        if (name == QLatin1String(n.name))
            return n.value;
    return std::nullopt;
}

// Every name, in table order: for "must be one of ..." messages.
template <class E>
QStringList enumNames()
{
    QStringList out;
    for (const EnumName<E> &n : EnumNames<E>::table)
        out << QLatin1String(n.name);
    return out;
}

} // namespace lockstock
