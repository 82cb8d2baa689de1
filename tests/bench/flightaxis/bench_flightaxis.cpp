// FlightAxis benchmarks: parse + convert of the 3.6 KB capture; the link's exchange rate against
// a minimal plain-socket server beside a minimal plain-socket client's rate (the ceiling).
#include "../benchutil.h"
#include "flightaxis/flightaxiscodec.h"

#include <QCoreApplication>
#include <QFile>

using namespace hil;
using namespace hil::flightaxis;

namespace {
QByteArray fixture(const char *name)
{
    QFile f(QStringLiteral(HIL_FIXTURES_DIR "/flightaxis/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", name);
    return f.readAll();
}

void benchParse()
{
    const QByteArray xml = fixture("return-data-200.xml");
    ReturnData d;
    FrameConverter conv;
    double sink = 0;
    const double ns = bench::nsPerCall([&] {
        parseReturnData(xml, &d, nullptr);
        sink += conv.convert(d).vehicle.state.pose.position.z;
    }, 1.0);
    if (sink == 12345.0)
        std::printf("#\n");
    bench::report("flightaxis_parse_us", ns / 1000.0, "us");
    std::printf("# parse only %.2f us\n", bench::nsPerCall([&] { parseReturnData(xml, &d, nullptr); }) / 1000);
    std::printf("# convert only %.2f us\n", bench::nsPerCall([&] { sink += conv.convert(d).altitudeM; }) / 1000);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchParse();
    return 0;
}
