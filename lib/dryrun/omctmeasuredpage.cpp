// The measured OMCT for a person: omct.html, read from omct.json alone (omctmeasured.h), and
// the sentence an interrupted input gets on the page and the console. English; any thread.
#include "dryrun/omctmeasured.h"

#include <QJsonArray>

namespace hil::dryrun {

QString omctInterruptedText(double pauseMs)
{
    return QStringLiteral("the recording paused for %1 ms during this input (the PC was busy, or "
                          "the platform's reports stopped): the platform did not get the "
                          "excitation as designed, so these figures are not its response. Measure "
                          "again with nothing else running on the PC.")
        .arg(QString::number(pauseMs, 'f', 0));
}

QString omctMeasuredHtml(const QJsonObject &json)
{
    const auto num = [](const QJsonValue &v, int decimals) {
        return v.isDouble() ? QString::number(v.toDouble(), 'f', decimals) : QStringLiteral("–");
    };
    const bool complete = json.value(QLatin1String("complete")).toBool();
    QString h = QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                               "<title>OMCT measured (multisine)</title></head><body>"
                               "<h1>OMCT measured on the platform (multisine)</h1>");
    h += QStringLiteral("<p><b>%1</b></p><p>%2</p>")
             .arg(complete
                      ? QStringLiteral("All six inputs measured.")
                      : QStringLiteral("PARTIAL: %1 of 6 inputs measured (%2).")
                            .arg(json.value(QLatin1String("inputs_measured")).toInt())
                            .arg(json.value(QLatin1String("reason")).toString().toHtmlEscaped()),
                  json.value(QLatin1String("note")).toString().toHtmlEscaped());
    h += QStringLiteral("<h2>Fidelity at 1 rad/s (Sinacori, as revised by Schroeder)</h2>"
                        "<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\">"
                        "<tr><th>Test</th><th>Measured gain</th><th>Measured phase (°)</th>"
                        "<th>Measured class</th><th>Predicted gain</th><th>Predicted phase (°)</th>"
                        "<th>Predicted class</th></tr>");
    const QJsonObject fidelity = json.value(QLatin1String("fidelity_at_1_radps")).toObject();
    for (int t = 0; t < kOmctTestCount; ++t) {
        if (kOmctTests[t].input != kOmctTests[t].output)
            continue;
        const QJsonObject f = fidelity.value(QLatin1String(kOmctTests[t].name)).toObject();
        const QJsonObject me = f.value(QLatin1String("measured")).toObject();
        const QJsonObject pr = f.value(QLatin1String("predicted")).toObject();
        const auto cls = [](const QJsonObject &o) {
            const QString c = o.value(QLatin1String("class")).toString();
            return c.isEmpty() ? QStringLiteral("–") : c;
        };
        h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td>"
                            "<td>%6</td><td>%7</td></tr>")
                 .arg(QLatin1String(kOmctTests[t].name), num(me.value(QLatin1String("gain")), 3),
                      num(me.value(QLatin1String("phase_distortion_deg")), 1), cls(me),
                      num(pr.value(QLatin1String("gain")), 3),
                      num(pr.value(QLatin1String("phase_distortion_deg")), 1), cls(pr));
    }
    h += QStringLiteral("</table>");
    const QJsonObject tests = json.value(QLatin1String("tests")).toObject();
    for (int t = 0; t < kOmctTestCount; ++t) {
        const QJsonObject o = tests.value(QLatin1String(kOmctTests[t].name)).toObject();
        h += QStringLiteral("<h2>%1 (gain in %2)</h2><p><img src=\"%3\" width=\"800\"></p>")
                 .arg(QLatin1String(kOmctTests[t].name),
                      o.value(QLatin1String("gain_unit")).toString(),
                      o.value(QLatin1String("plot")).toString());
        if (o.value(QLatin1String("interrupted")).toBool())
            h += QStringLiteral("<p><b>Interrupted:</b> %1</p>")
                     .arg(omctInterruptedText(o.value(QLatin1String("longest_pause_ms")).toDouble())
                              .toHtmlEscaped());
        h +=
            QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"4\"><tr>"
                           "<th>ω (rad/s)</th><th>Gain</th><th>Phase (°)</th><th>Coherence</th>"
                           "<th>Predicted gain</th><th>Predicted phase (°)</th><th>Note</th></tr>");
        for (const QJsonValue &v : o.value(QLatin1String("points")).toArray()) {
            const QJsonObject p = v.toObject();
            const QString note =
                !p.value(QLatin1String("measured")).toBool() ? QStringLiteral("not measured")
                : !p.value(QLatin1String("measurable")).toBool()
                    ? QStringLiteral("not measurable (below one count on the wire)")
                : o.value(QLatin1String("interrupted")).toBool()   ? QStringLiteral("interrupted")
                : p.value(QLatin1String("low_coherence")).toBool() ? QStringLiteral("low coherence")
                                                                   : QString();
            h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td>"
                                "<td>%6</td><td>%7</td></tr>")
                     .arg(num(p.value(QLatin1String("nominal_omega_radps")), 3),
                          num(p.value(QLatin1String("gain")), 4),
                          num(p.value(QLatin1String("phase_deg")), 1),
                          num(p.value(QLatin1String("coherence")), 3),
                          num(p.value(QLatin1String("predicted_gain")), 4),
                          num(p.value(QLatin1String("predicted_phase_deg")), 1), note);
        }
        h += QStringLiteral("</table>");
    }
    h += QStringLiteral("</body></html>\n");
    return h;
}

} // namespace hil::dryrun
