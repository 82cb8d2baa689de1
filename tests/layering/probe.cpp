// Compiled only by tests/layering: includes PROBE_INCLUDE as a protocol module's own source would.
#include PROBE_INCLUDE

int layeringProbe()
{
    return 0;
}
