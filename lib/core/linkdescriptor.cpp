#include "core/linkdescriptor.h"

namespace hil {

const char *counterKindName(CounterSpec::Kind kind)
{
    switch (kind) {
    case CounterSpec::Kind::Count:
        return "count";
    case CounterSpec::Kind::Throughput:
        return "throughput";
    case CounterSpec::Kind::Error:
        return "error";
    case CounterSpec::Kind::Rate:
        return "rate";
    case CounterSpec::Kind::Value:
        return "value";
    }
    return "count";
}

} // namespace hil
