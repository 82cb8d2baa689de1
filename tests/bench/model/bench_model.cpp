// Model helpers on the per-frame path: NED → geodetic conversion and attitude maths.
#include "../benchutil.h"
#include "model/geodesy.h"
#include "model/rotation.h"

int main()
{
    const hil::LocalFrame frame(hil::kDefaultHome);
    volatile double sink = 0;
    double n = 0;
    bench::report("model_ned_to_geodetic_ns", bench::nsPerCall([&] {
                      n += 0.001;
                      sink = sink + frame.toGeodetic({n, 2 * n, -n}).latitudeDeg;
                  }),
                  "ns");
    hil::Quaternion q = hil::fromEuler({0.1, 0.2, 0.3});
    bench::report("model_rotate_ns", bench::nsPerCall([&] {
                      sink = sink + hil::rotate(q, {1, 2, 3}).x;
                      q.w += 1e-12;
                  }),
                  "ns");
    return 0;
}
