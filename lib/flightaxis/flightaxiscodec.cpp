#include "flightaxis/flightaxiscodec.h"
#include "model/rotation.h"

#include <QXmlStreamReader>
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
// ReturnData

namespace {
struct Field
{
    QLatin1String name;
    double AircraftState::*number;
    bool AircraftState::*flag;
};

// In the order RealFlight sends them (the lookup tries the next expected one first).
const Field kFields[] = {
    {QLatin1String("m-currentPhysicsTime-SEC"), &AircraftState::physicsTimeS, nullptr},
    {QLatin1String("m-currentPhysicsSpeedMultiplier"), &AircraftState::physicsSpeedMultiplier,
     nullptr},
    {QLatin1String("m-airspeed-MPS"), &AircraftState::airspeedMps, nullptr},
    {QLatin1String("m-altitudeASL-MTR"), &AircraftState::altitudeAslM, nullptr},
    {QLatin1String("m-altitudeAGL-MTR"), &AircraftState::altitudeAglM, nullptr},
    {QLatin1String("m-groundspeed-MPS"), &AircraftState::groundspeedMps, nullptr},
    {QLatin1String("m-pitchRate-DEGpSEC"), &AircraftState::pitchRateDegps, nullptr},
    {QLatin1String("m-rollRate-DEGpSEC"), &AircraftState::rollRateDegps, nullptr},
    {QLatin1String("m-yawRate-DEGpSEC"), &AircraftState::yawRateDegps, nullptr},
    {QLatin1String("m-azimuth-DEG"), &AircraftState::azimuthDeg, nullptr},
    {QLatin1String("m-inclination-DEG"), &AircraftState::inclinationDeg, nullptr},
    {QLatin1String("m-roll-DEG"), &AircraftState::rollDeg, nullptr},
    {QLatin1String("m-orientationQuaternion-X"), &AircraftState::quatX, nullptr},
    {QLatin1String("m-orientationQuaternion-Y"), &AircraftState::quatY, nullptr},
    {QLatin1String("m-orientationQuaternion-Z"), &AircraftState::quatZ, nullptr},
    {QLatin1String("m-orientationQuaternion-W"), &AircraftState::quatW, nullptr},
    {QLatin1String("m-aircraftPositionX-MTR"), &AircraftState::positionXM, nullptr},
    {QLatin1String("m-aircraftPositionY-MTR"), &AircraftState::positionYM, nullptr},
    {QLatin1String("m-velocityWorldU-MPS"), &AircraftState::velocityWorldUMps, nullptr},
    {QLatin1String("m-velocityWorldV-MPS"), &AircraftState::velocityWorldVMps, nullptr},
    {QLatin1String("m-velocityWorldW-MPS"), &AircraftState::velocityWorldWMps, nullptr},
    {QLatin1String("m-velocityBodyU-MPS"), &AircraftState::velocityBodyUMps, nullptr},
    {QLatin1String("m-velocityBodyV-MPS"), &AircraftState::velocityBodyVMps, nullptr},
    {QLatin1String("m-velocityBodyW-MPS"), &AircraftState::velocityBodyWMps, nullptr},
    {QLatin1String("m-accelerationWorldAX-MPS2"), &AircraftState::accelWorldXMps2, nullptr},
    {QLatin1String("m-accelerationWorldAY-MPS2"), &AircraftState::accelWorldYMps2, nullptr},
    {QLatin1String("m-accelerationWorldAZ-MPS2"), &AircraftState::accelWorldZMps2, nullptr},
    {QLatin1String("m-accelerationBodyAX-MPS2"), &AircraftState::accelBodyXMps2, nullptr},
    {QLatin1String("m-accelerationBodyAY-MPS2"), &AircraftState::accelBodyYMps2, nullptr},
    {QLatin1String("m-accelerationBodyAZ-MPS2"), &AircraftState::accelBodyZMps2, nullptr},
    {QLatin1String("m-windX-MPS"), &AircraftState::windXMps, nullptr},
    {QLatin1String("m-windY-MPS"), &AircraftState::windYMps, nullptr},
    {QLatin1String("m-windZ-MPS"), &AircraftState::windZMps, nullptr},
    {QLatin1String("m-propRPM"), &AircraftState::propRpm, nullptr},
    {QLatin1String("m-heliMainRotorRPM"), &AircraftState::heliMainRotorRpm, nullptr},
    {QLatin1String("m-batteryVoltage-VOLTS"), &AircraftState::batteryVoltageV, nullptr},
    {QLatin1String("m-batteryCurrentDraw-AMPS"), &AircraftState::batteryCurrentA, nullptr},
    {QLatin1String("m-batteryRemainingCapacity-MAH"), &AircraftState::batteryRemainingMah, nullptr},
    {QLatin1String("m-fuelRemaining-OZ"), &AircraftState::fuelRemainingOz, nullptr},
    {QLatin1String("m-isLocked"), nullptr, &AircraftState::isLocked},
    {QLatin1String("m-hasLostComponents"), nullptr, &AircraftState::hasLostComponents},
    {QLatin1String("m-anEngineIsRunning"), nullptr, &AircraftState::engineRunning},
    {QLatin1String("m-isTouchingGround"), nullptr, &AircraftState::touchingGround},
    {QLatin1String("m-flightAxisControllerIsActive"), nullptr, &AircraftState::controllerActive},
};
constexpr int kFieldCount = int(sizeof kFields / sizeof kFields[0]);
// Bits after the table's: the elements handled outside it.
constexpr int kStatusBit = kFieldCount;
constexpr int kSelectedBit = kFieldCount + 1;
constexpr int kInputsBit = kFieldCount + 2;
constexpr int kResetBit = kFieldCount + 3;
constexpr std::uint64_t kAllBits = (std::uint64_t(1) << (kFieldCount + 4)) - 1;
static_assert(kFieldCount + 4 <= 64, "seen-mask too small");

const QLatin1String kStatusName("m-currentAircraftStatus");
const QLatin1String kSelectedName("m-selectedChannels");
const QLatin1String kInputsName("m-channelValues-0to1");
const QLatin1String kResetName("m-resetButtonHasBeenPressed");

template <typename Name> int findField(Name name, int hint)
{
    if (hint < kFieldCount && name == kFields[hint].name)
        return hint;
    for (int i = 0; i < kFieldCount; ++i)
        if (name.size() == kFields[i].name.size() && name == kFields[i].name)
            return i;
    return -1;
}

// Leaf elements whose text matters, beyond the kFields indexes.
constexpr int kLeafNone = -1;
constexpr int kLeafStatus = 100, kLeafSelected = 101, kLeafReset = 102, kLeafItem = 103;

/// What the parse has seen so far; shared by the fast scanner and the QXmlStreamReader path so
/// that both apply exactly the same rules.
struct ParseState
{
    ReturnData *out;
    std::uint64_t seen = 0;
    bool inReturnData = false, inInputs = false, sawReturnData = false, done = false;
    int hint = 0;
};

/// A start tag (local name): returns the leaf kind whose text the caller must hand to onText().
template <typename Name> int onStart(ParseState &st, Name name)
{
    if (!st.inReturnData) {
        if (name == QLatin1String("ReturnData"))
            st.inReturnData = st.sawReturnData = true;
        return kLeafNone;
    }
    if (st.inInputs)
        return name == QLatin1String("item") ? kLeafItem : kLeafNone;
    const int i = findField(name, st.hint);
    if (i >= 0) {
        st.hint = i + 1;
        return i;
    }
    if (name == kStatusName)
        return kLeafStatus;
    if (name == kSelectedName)
        return kLeafSelected;
    if (name == kResetName)
        return kLeafReset;
    if (name == kInputsName) {
        st.inInputs = true;
        st.seen |= std::uint64_t(1) << kInputsBit;
    }
    return kLeafNone;
}

template <typename Name> void onEnd(ParseState &st, Name name)
{
    if (st.inInputs && name == kInputsName)
        st.inInputs = false;
    else if (st.inReturnData && name == QLatin1String("ReturnData"))
        st.done = true; // ignore anything after it
}

QByteArrayView trimmedText(QByteArrayView t)
{
    while (!t.isEmpty() &&
           (t.front() == ' ' || t.front() == '\n' || t.front() == '\r' || t.front() == '\t'))
        t = t.sliced(1);
    while (!t.isEmpty() &&
           (t.back() == ' ' || t.back() == '\n' || t.back() == '\r' || t.back() == '\t'))
        t.chop(1);
    return t;
}

// Locale-independent (Qt sets the C library locale from the environment; strtod would follow it).
double toNumber(QByteArrayView t, bool *ok)
{
    t = trimmedText(t);
    if (!t.isEmpty() && t.front() == '+')
        t = t.sliced(1);
    double v = 0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    *ok = !t.isEmpty() && r.ec == std::errc() && r.ptr == t.data() + t.size();
    return v;
}
double toNumber(QStringView t, bool *ok)
{
    return t.trimmed().toDouble(ok);
}
bool isTrue(QByteArrayView t)
{
    t = trimmedText(t);
    return t == "true" || t == "1";
}
bool isTrue(QStringView t)
{
    t = t.trimmed();
    return t == QLatin1String("true") || t == QLatin1String("1");
}
void setStatus(QString *s, QByteArrayView t)
{
    t = trimmedText(t);
    // reusing the previous frame's string avoids an allocation per frame
    if (*s != QLatin1String(t.data(), t.size()))
        *s = QString::fromUtf8(t);
}
void setStatus(QString *s, QStringView t)
{
    t = t.trimmed();
    if (*s != t)
        *s = t.toString();
}

template <typename Text> void onText(ParseState &st, int leaf, Text t)
{
    ReturnData *out = st.out;
    bool ok = false;
    if (leaf >= 0 && leaf < kFieldCount) {
        if (kFields[leaf].number) {
            const double v = toNumber(t, &ok);
            if (ok) {
                out->state.*kFields[leaf].number = v;
                st.seen |= std::uint64_t(1) << leaf;
            }
        } else {
            out->state.*kFields[leaf].flag = isTrue(t);
            st.seen |= std::uint64_t(1) << leaf;
        }
    } else if (leaf == kLeafItem) {
        const double v = toNumber(t, &ok);
        if (out->inputCount < int(out->inputs.size()))
            out->inputs[out->inputCount++] = ok ? v : 0.0;
    } else if (leaf == kLeafStatus) {
        setStatus(&out->state.status, t);
        st.seen |= std::uint64_t(1) << kStatusBit;
    } else if (leaf == kLeafSelected) {
        const double v = toNumber(t, &ok);
        out->selectedChannels = int(v);
        if (ok)
            st.seen |= std::uint64_t(1) << kSelectedBit;
    } else if (leaf == kLeafReset) {
        out->resetButtonPressed = isTrue(t);
        st.seen |= std::uint64_t(1) << kResetBit;
    }
}

QLatin1String localName(const char *b, const char *e)
{
    for (const char *p = e; p > b; --p)
        if (p[-1] == ':')
            return QLatin1String(p, e);
    return QLatin1String(b, e);
}

bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}

enum class FastResult { Done, NeedFullParser };

// The fast path: a byte scanner for the subset of XML RealFlight writes (elements, attributes,
// plain text; no comments, CDATA, entities). Anything else, or anything malformed, hands the
// reply to QXmlStreamReader, which has the last word. ~30× faster than QXmlStreamReader here.
FastResult scanReturnData(QByteArrayView xml, ParseState &st)
{
    const char *p = xml.data();
    const char *const end = p + xml.size();
    while (p < end && !st.done) {
        const char *lt = static_cast<const char *>(std::memchr(p, '<', end - p));
        if (!lt)
            break;
        p = lt + 1;
        if (p >= end)
            return FastResult::NeedFullParser;
        if (*p == '?') { // declaration
            const char *q = static_cast<const char *>(std::memchr(p, '>', end - p));
            if (!q || q[-1] != '?')
                return FastResult::NeedFullParser;
            p = q + 1;
            continue;
        }
        const bool closing = *p == '/';
        if (closing)
            ++p;
        if (p >= end || !isNameStart(*p))
            return FastResult::NeedFullParser;
        const char *nameBegin = p;
        while (p < end && *p != '>' && *p != '/' && *p != ' ' && *p != '\t' && *p != '\n' &&
               *p != '\r')
            ++p;
        const QLatin1String name = localName(nameBegin, p);
        // to the end of the tag; attribute values are quoted and may not contain '<'
        char quote = 0;
        while (p < end && (quote || *p != '>')) {
            if (*p == '<')
                return FastResult::NeedFullParser;
            if (quote && *p == quote)
                quote = 0;
            else if (!quote && (*p == '"' || *p == '\''))
                quote = *p;
            ++p;
        }
        if (p >= end)
            break; // truncated: report what is missing, like the full parser
        const bool selfClosing = p[-1] == '/';
        ++p; // past '>'
        if (closing) {
            onEnd(st, name);
            continue;
        }
        const int leaf = onStart(st, name);
        if (selfClosing) {
            if (leaf != kLeafNone)
                onText(st, leaf, QByteArrayView());
            onEnd(st, name);
            continue;
        }
        if (leaf == kLeafNone)
            continue;
        const char *textEnd = static_cast<const char *>(std::memchr(p, '<', end - p));
        if (!textEnd)
            break;
        const QByteArrayView text(p, textEnd - p);
        if (text.contains('&'))
            return FastResult::NeedFullParser; // entities: let the real parser decode them
        // the leaf must close right here: </name>
        const char *close = textEnd + 1;
        const qsizetype qualifiedLen = (name.data() - nameBegin) + name.size();
        if (close >= end || *close != '/' || end - (close + 1) < qualifiedLen + 1 ||
            std::memcmp(close + 1, nameBegin, qualifiedLen) != 0 || close[1 + qualifiedLen] != '>')
            return FastResult::NeedFullParser;
        onText(st, leaf, text);
        p = textEnd;
    }
    return FastResult::Done;
}

/// The general path: QXmlStreamReader, for anything the fast scanner does not vouch for.
bool readReturnData(QByteArrayView xml, ParseState &st, QString *error)
{
    QXmlStreamReader r(QByteArray::fromRawData(xml.data(), xml.size()));
    while (!r.atEnd() && !st.done) {
        const auto token = r.readNext();
        if (token == QXmlStreamReader::EndElement) {
            onEnd(st, r.name());
        } else if (token == QXmlStreamReader::StartElement) {
            const int leaf = onStart(st, r.name());
            if (leaf == kLeafNone)
                continue;
            // Text of a leaf: concatenated, so entity references and CDATA are resolved.
            const QString text = r.readElementText(QXmlStreamReader::SkipChildElements);
            onText(st, leaf, QStringView(text));
            onEnd(st, r.name());
        }
    }
    if (!st.sawReturnData) {
        if (error)
            *error = r.hasError() ? QStringLiteral("reply is not XML: %1").arg(r.errorString())
                                  : QStringLiteral("reply has no ReturnData element");
        return false;
    }
    if (r.hasError() && r.error() != QXmlStreamReader::PrematureEndOfDocumentError && !st.done) {
        if (error)
            *error = QStringLiteral("malformed ReturnData: %1").arg(r.errorString());
        return false;
    }
    return true;
}

void listMissing(const ParseState &st)
{
    ReturnData *out = st.out;
    if (st.seen == kAllBits && out->inputCount > 0)
        return;
    for (int i = 0; i < kFieldCount; ++i)
        if (!(st.seen & (std::uint64_t(1) << i)))
            out->missing << QString(kFields[i].name);
    if (!(st.seen & (std::uint64_t(1) << kStatusBit)))
        out->missing << QString(kStatusName);
    if (!(st.seen & (std::uint64_t(1) << kSelectedBit)))
        out->missing << QString(kSelectedName);
    if (!(st.seen & (std::uint64_t(1) << kInputsBit)) || out->inputCount == 0)
        out->missing << QString(kInputsName);
    if (!(st.seen & (std::uint64_t(1) << kResetBit)))
        out->missing << QString(kResetName);
}
} // namespace

bool parseReturnData(QByteArrayView xml, ReturnData *out, QString *error)
{
    out->inputCount = 0;
    out->missing.clear();
    ParseState st{out};
    if (scanReturnData(xml, st) == FastResult::Done && st.sawReturnData) {
        listMissing(st);
        return true;
    }
    out->inputCount = 0;
    ParseState full{out};
    if (!readReturnData(xml, full, error))
        return false;
    listMissing(full);
    return true;
}

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
// Conversion

FrameConverter::FrameConverter(const GeoPoint &home) : m_frame(home) {}

SimFrame FrameConverter::convert(const ReturnData &r)
{
    const AircraftState &s = r.state;
    SimFrame f;
    f.physicsTimeS = s.physicsTimeS;
    // RealFlight: X east, Y north, altitude up.
    const Vector3 ned{s.positionYM, s.positionXM, -s.altitudeAslM};
    if (!m_haveOrigin) {
        m_origin = ned;
        m_haveOrigin = true;
    }
    const Vector3 rel = ned - m_origin;
    VehicleState &v = f.vehicle;
    v.state.pose.position = rel;
    const Quaternion q{s.quatW, s.quatY, s.quatX, -s.quatZ};
    const double qn = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    v.state.pose.orientation =
        qn > 1e-9 ? Quaternion{q.w / qn, q.x / qn, q.y / qn, q.z / qn} : Quaternion{};
    v.velocity = {s.velocityWorldUMps, s.velocityWorldVMps, s.velocityWorldWMps};
    v.angular_velocity = {degToRad(s.rollRateDegps), degToRad(s.pitchRateDegps),
                          degToRad(-s.yawRateDegps)};
    const Vector3 rawAccel{s.accelWorldXMps2, s.accelWorldYMps2, s.accelWorldZMps2};
    const Vector3 rawForce{s.accelBodyXMps2, s.accelBodyYMps2, s.accelBodyZMps2};
    f.extras.rawAccelNedMps2 = rawAccel;
    f.extras.rawSpecificForceFrdMps2 = rawForce;

    // Derivatives on physics time; a first sample, a time jump or a reset restarts them.
    const bool atRest = s.status.contains(QLatin1String("WAITINGTOLAUNCH")) ||
                        s.status.contains(QLatin1String("RESET"));
    const double dt = s.physicsTimeS - m_prevTimeS;
    const bool continuous = m_havePrev && !atRest && dt > 0.0 && dt < 0.5;
    auto lowPass = [dt](const Vector3 &prev, const Vector3 &x) {
        const double k = dt / (kDerivativeTauS + dt);
        return prev + (x - prev) * k;
    };
    if (continuous) {
        m_accelFiltered = lowPass(m_accelFiltered, (v.velocity - m_prevVelocity) / dt);
        m_angAccelFiltered = lowPass(m_angAccelFiltered, (v.angular_velocity - m_prevRates) / dt);
    } else {
        m_accelFiltered = {};
        m_angAccelFiltered = {};
    }
    m_havePrev = !atRest;
    m_prevTimeS = s.physicsTimeS;
    m_prevVelocity = v.velocity;
    m_prevRates = v.angular_velocity;
    v.angular_acceleration = m_angAccelFiltered;
    const Vector3 gravityNed{0.0, 0.0, kGravityMps2};
    const Quaternion &att = v.state.pose.orientation;
    if (atRest) {
        v.acceleration = {};
        f.extras.specificForceFrdMps2 = rotateInverse(att, Vector3{} - gravityNed);
        f.extras.accelSource = AccelSource::AtRest;
    } else if (s.touchingGround) {
        v.acceleration = m_accelFiltered;
        f.extras.specificForceFrdMps2 = rotateInverse(att, m_accelFiltered - gravityNed);
        f.extras.accelSource = AccelSource::VelocityDerivative;
    } else {
        v.acceleration = rawAccel;
        f.extras.specificForceFrdMps2 = rawForce;
        f.extras.accelSource = AccelSource::Simulator;
    }
    const GeoPoint g = m_frame.toGeodetic(rel);
    f.latitudeDeg = g.latitudeDeg;
    f.longitudeDeg = g.longitudeDeg;
    f.altitudeM = g.altitudeM;

    SimExtras &e = f.extras;
    e.airspeedMps = s.airspeedMps;
    e.groundspeedMps = s.groundspeedMps;
    e.altitudeAslM = s.altitudeAslM;
    e.altitudeAglM = s.altitudeAglM;
    e.windNedMps = {s.windYMps, s.windXMps, s.windZMps};
    e.propRpm = s.propRpm;
    e.heliMainRotorRpm = s.heliMainRotorRpm;
    e.batteryVoltageV = s.batteryVoltageV;
    e.batteryCurrentA = s.batteryCurrentA;
    e.batteryRemainingMah = s.batteryRemainingMah;
    e.fuelRemainingOz = s.fuelRemainingOz;
    e.physicsSpeedMultiplier = s.physicsSpeedMultiplier;
    e.touchingGround = s.touchingGround;
    e.locked = s.isLocked;
    e.lostComponents = s.hasLostComponents;
    e.engineRunning = s.engineRunning;
    e.controllerActive = s.controllerActive;
    e.aircraftStatus = s.status;
    return f;
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
    const int n = r.inputCount == 8 ? 8 : 12;
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
