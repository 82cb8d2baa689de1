// Fuzzes the FlightAxis reply path: the incremental HTTP reader (fed whole and split), then the
// body as ReturnData, as a SOAP fault, through FrameConverter, and as an ExchangeData request
// (the emulator's side). Property: the split and the whole feed agree.

#include "flightaxis/flightaxiscodec.h"
#include "flightaxis/frameconverter.h"
#include "flightaxis/httpmessage.h"
#include "fuzzcommon.h"

#include <cmath>

using namespace hil::flightaxis;

static void decodeBody(QByteArrayView body)
{
    ReturnData rd;
    QString error;
    if (parseReturnData(body, &rd, &error)) {
        FrameConverter conv;
        const hil::SimFrame f = conv.convert(rd);
        (void)f;
    }
    SoapFault fault;
    if (parseFault(body, &fault))
        (void)classifyFault(fault);
    std::uint32_t mask = 0;
    std::array<double, 12> values{};
    if (parseExchangeRequest(body, &mask, &values))
        (void)buildExchangeData(values, mask);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArrayView all(reinterpret_cast<const char *>(data), qsizetype(size));

    HttpMessageReader whole;
    const auto s1 = whole.feed(all);

    HttpMessageReader split;
    auto s2 = HttpMessageReader::Status::NeedMore;
    hil::fuzz::forChunks(data, size, [&](const std::uint8_t *p, std::size_t n) {
        s2 = split.feed(QByteArrayView(reinterpret_cast<const char *>(p), qsizetype(n)));
    });
    hil::fuzz::check(s1 == s2, "http status differs between whole and split feeds");

    if (s1 == HttpMessageReader::Status::Complete) {
        hil::fuzz::check(whole.body() == split.body(), "http body differs between feeds");
        hil::fuzz::check(whole.body().size() <= HttpMessageReader::kMaxBodyBytes,
                         "body over bound");
        (void)whole.soapAction();
        (void)whole.remainder();
        decodeBody(whole.body());
    }
    // The raw bytes as a body too: the XML parsers see every input, not only well-framed ones.
    decodeBody(all);
    return 0;
}
