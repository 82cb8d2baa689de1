#include "links/builtin.h"

namespace hil::links {

const LinkRegistry &builtinLinks()
{
    static const LinkRegistry registry = [] {
        LinkRegistry r;
        r.add(flightAxisDescriptor());
        r.add(ravenDescriptor());
        r.add(px4Descriptor());
        r.add(px4GcsDescriptor()); // companion of px4: after it
        r.add(rflysimDescriptor());
        r.add(pilotDescriptor()); // after the links it feeds: they are routed by stream anyway
        r.add(labDescriptor());   // last: it only reports the others (and asks for their STOP)
        return r;
    }();
    return registry;
}

} // namespace hil::links
