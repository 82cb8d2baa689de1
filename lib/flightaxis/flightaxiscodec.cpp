#include "flightaxis/flightaxiscodec.h"
#include "flightaxis/returndataschema.h"

#include <QXmlStreamReader>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

namespace hil::flightaxis {

// ---------------------------------------------------------------------------------------------
// Requests

namespace {
const char *const kMethodNames[] = {"RestoreOriginalControllerDevice", "ResetAircraft",
                                    "InjectUAVControllerInterface", "ExchangeData"};

const char kEnvelopeHead[] =
    "<?xml version='1.0' encoding='UTF-8'?>\n"
    "<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/' "
    "xmlns:xsd='http://www.w3.org/2001/XMLSchema' "
    "xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'>\n<soap:Body>\n";
const char kEnvelopeTail[] = "</soap:Body>\n</soap:Envelope>";

QByteArray withHttpHeaders(Method m, const QByteArray &body)
{
    QByteArray req;
    req.reserve(body.size() + 200);
    req += "POST / HTTP/1.1\r\nsoapaction: '";
    req += methodName(m);
    req += "'\r\ncontent-length: ";
    req += QByteArray::number(body.size());
    req += "\r\ncontent-type: text/xml;charset='UTF-8'\r\nConnection: Keep-Alive\r\n\r\n";
    req += body;
    return req;
}
} // namespace

const char *methodName(Method m)
{
    return kMethodNames[static_cast<int>(m)];
}

bool methodFromName(QByteArrayView name, Method *out)
{
    for (int i = 0; i < 4; ++i) {
        if (name == kMethodNames[i]) {
            *out = static_cast<Method>(i);
            return true;
        }
    }
    return false;
}

QByteArray buildRequest(Method m)
{
    const QByteArray name = methodName(m);
    QByteArray body = kEnvelopeHead;
    body += '<' + name + "><a>1</a><b>2</b></" + name + ">\n";
    body += kEnvelopeTail;
    return withHttpHeaders(m, body);
}

QByteArray buildExchangeData(const std::array<double, 12> &values, std::uint32_t mask)
{
    // Four decimals with a '.', whatever the C library's locale (Qt sets it from the environment:
    // printf's %f would write "0,5000" for a German operator and RealFlight would read garbage).
    char items[12 * 24];
    char *p = items;
    char *const end = items + sizeof items;
    for (double v : values) {
        const double c = std::isfinite(v) ? std::clamp(v, 0.0, 1.0) : 0.0;
        std::memcpy(p, "<item>", 6);
        p = std::to_chars(p + 6, end, c, std::chars_format::fixed, 4).ptr;
        std::memcpy(p, "</item>\n", 8);
        p += 8;
    }
    const int n = int(p - items);
    QByteArray body = kEnvelopeHead;
    body += "<ExchangeData>\n<pControlInputs>\n<m-selectedChannels>";
    body += QByteArray::number(mask & 0xFFFu);
    body += "</m-selectedChannels>\n<m-channelValues-0to1>\n";
    body.append(items, n);
    body += "</m-channelValues-0to1>\n</pControlInputs>\n</ExchangeData>\n";
    body += kEnvelopeTail;
    return withHttpHeaders(Method::ExchangeData, body);
}

// ---------------------------------------------------------------------------------------------
// Faults

bool parseFault(QByteArrayView xml, SoapFault *out)
{
    QXmlStreamReader r(QByteArray::fromRawData(xml.data(), xml.size()));
    bool inFault = false;
    while (!r.atEnd()) {
        const auto token = r.readNext();
        if (token == QXmlStreamReader::EndElement && inFault && r.name() == QLatin1String("Fault"))
            return true;
        if (token != QXmlStreamReader::StartElement)
            continue;
        const QStringView name = r.name();
        if (name == QLatin1String("Fault"))
            inFault = true;
        else if (inFault && name == QLatin1String("faultstring"))
            out->faultString = r.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
        else if (inFault && name == QLatin1String("detail"))
            out->detail = r.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
    }
    return inFault;
}

FaultKind classifyFault(const SoapFault &f)
{
    const QString all = f.faultString + QLatin1Char(' ') + f.detail;
    if (all.contains(QLatin1String("not been instantiated"), Qt::CaseInsensitive))
        return FaultKind::NotInstantiated;
    if (all.contains(QLatin1String("Preexisting controller"), Qt::CaseInsensitive))
        return FaultKind::AlreadyInjected;
    if (all.contains(QLatin1String("original controller device is null"), Qt::CaseInsensitive))
        return FaultKind::NothingToRestore;
    return FaultKind::Other;
}

// ---------------------------------------------------------------------------------------------
// Server side

bool parseExchangeRequest(QByteArrayView xml, std::uint32_t *mask, std::array<double, 12> *values)
{
    QXmlStreamReader r(QByteArray::fromRawData(xml.data(), xml.size()));
    bool haveMask = false, inItems = false;
    int n = 0;
    while (!r.atEnd()) {
        const auto token = r.readNext();
        if (token == QXmlStreamReader::EndElement && r.name() == kInputsName)
            inItems = false;
        if (token != QXmlStreamReader::StartElement)
            continue;
        const QStringView name = r.name();
        if (name == kSelectedName) {
            bool ok = false;
            const qlonglong m = r.readElementText().trimmed().toLongLong(&ok);
            if (ok) {
                *mask = std::uint32_t(m);
                haveMask = true;
            }
        } else if (name == kInputsName) {
            inItems = true;
        } else if (inItems && name == QLatin1String("item") && n < 12) {
            (*values)[n++] = r.readElementText().trimmed().toDouble();
        }
    }
    return haveMask;
}

namespace {
const char kReplyHead[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<SOAP-ENV:Envelope xmlns:SOAP-ENV=\"http://schemas.xmlsoap.org/soap/envelope/\" "
    "xmlns:SOAP-ENC=\"http://schemas.xmlsoap.org/soap/encoding/\" "
    "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
    "xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\"><SOAP-ENV:Body>";
const char kReplyTail[] = "</SOAP-ENV:Body></SOAP-ENV:Envelope>";

void appendElement(QByteArray &out, QLatin1String name, const char *text)
{
    out += '<';
    out.append(name.data(), name.size());
    out += '>';
    out += text;
    out += "</";
    out.append(name.data(), name.size());
    out += '>';
}

void appendNumber(QByteArray &out, QLatin1String name, double v)
{
    // Shortest text that reads back to the same double, always with a '.' (locale-independent).
    char buf[40];
    *std::to_chars(buf, buf + sizeof buf - 1, v).ptr = '\0';
    appendElement(out, name, buf);
}
} // namespace

QByteArray buildReturnDataBody(const ReturnData &r)
{
    QByteArray b;
    b.reserve(4096);
    b += kReplyHead;
    b += "<ReturnData><m-previousInputsState>";
    appendElement(b, kSelectedName, QByteArray::number(r.selectedChannels).constData());
    const int n = std::clamp(r.inputCount, 0, int(r.inputs.size()));
    b += "<m-channelValues-0to1 xsi:type=\"SOAP-ENC:Array\" SOAP-ENC:arrayType=\"xsd:double[";
    b += QByteArray::number(n);
    b += "]\">";
    for (int i = 0; i < n; ++i)
        appendNumber(b, QLatin1String("item"), r.inputs[i]);
    b += "</m-channelValues-0to1></m-previousInputsState><m-aircraftState>";
    for (const Field &f : kFields) {
        if (f.number)
            appendNumber(b, f.name, r.state.*f.number);
        else
            appendElement(b, f.name, r.state.*f.flag ? "true" : "false");
    }
    appendElement(b, kStatusName, r.state.status.toHtmlEscaped().toUtf8().constData());
    b += "</m-aircraftState><m-notifications>";
    appendElement(b, kResetName, r.resetButtonPressed ? "true" : "false");
    b += "</m-notifications></ReturnData>";
    b += kReplyTail;
    return b;
}

QByteArray buildMethodResponseBody(Method m)
{
    const QByteArray name = QByteArray(methodName(m)) + "Response";
    return kReplyHead + ('<' + name + "><unused>0</unused></" + name + '>') + kReplyTail;
}

QByteArray buildFaultBody(const SoapFault &f)
{
    return kReplyHead +
           ("<SOAP-ENV:Fault><faultcode>SOAP-ENV:Server</faultcode><faultstring>" +
            f.faultString.toHtmlEscaped().toUtf8() + "</faultstring><detail>" +
            f.detail.toHtmlEscaped().toUtf8() + "</detail></SOAP-ENV:Fault>") +
           kReplyTail;
}

QByteArray buildHttpReply(int statusCode, const QByteArray &body)
{
    QByteArray r = statusCode == 200 ? "HTTP/1.1 200 OK\r\n"
                                     : "HTTP/1.1 " + QByteArray::number(statusCode) +
                                           " Internal Server Error\r\n";
    r += "Server: gSOAP/2.7\r\nContent-Type: text/xml; charset=utf-8\r\nContent-Length: ";
    r += QByteArray::number(body.size());
    r += "\r\nConnection: close\r\n\r\n";
    r += body;
    return r;
}

} // namespace hil::flightaxis
