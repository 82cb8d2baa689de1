// The Telemetry plots' parts on their own, on a real TelemetryHub: the CSV export (raw samples
// merged by time stamp, SI, '.' in any locale), the series picker (grouping, checkboxes both
// ways, values in the shown unit) and the cursor readout (a real QCustomPlot under a real mouse).
#include "telemetry/telemetryhub.h"
#include "ui/panels/plotcursor.h"
#include "ui/panels/plotscsv.h"
#include "ui/panels/signaltree.h"

#include <qcustomplot.h>

#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <memory>

using namespace hil;

namespace {
QStringList readLines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    return QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

QTreeWidgetItem *row(SignalTree &tree, const QString &label)
{
    const auto items = tree.findItems(label, Qt::MatchExactly | Qt::MatchRecursive);
    return items.isEmpty() ? nullptr : items.first();
}
} // namespace

class TestPlotParts : public QObject
{
    Q_OBJECT
private slots:
    void csvMergesRawSamplesByTime();
    void csvKeepsOnlyTheRangeAndOneColumnPerName();
    void csvReportsAnUnwritablePath();
    void treeGroupsSeriesAndChecksTheWantedOnes();
    void treeTellsOnlyTheOperatorsClicks();
    void treeShowsValuesInTheShownUnit();
    void cursorReadsTheValuesUnderTheMouse();
};

void TestPlotParts::csvMergesRawSamplesByTime()
{
    QLocale::setDefault(QLocale(QLocale::German)); // never a ',' in a number
    TelemetryHub hub(1000);
    const int n = hub.declare(QStringLiteral("position/n"), QStringLiteral("m"));
    const int d = hub.declare(QStringLiteral("position/d"), QStringLiteral("m"));
    for (int i = 0; i < 500; ++i) // more samples than any plot would draw: none is dropped
        hub.pushValue(n, 1.0 + i * 0.01, i * 0.5);
    hub.pushValue(d, 1.0, -2.25);  // the same time stamp as n's first: one row
    hub.pushValue(d, 1.005, -2.5); // between two of n's: its own row, n's cell empty
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plots.csv"));
    QVERIFY(writePlotsCsv(hub,
                          {{n, QStringLiteral("position/n")}, {d, QStringLiteral("position/d")}},
                          0.0, 100.0, path));
    const QStringList lines = readLines(path);
    QLocale::setDefault(QLocale::c());
    QCOMPARE(lines.size(), 1 + 501);
    QCOMPARE(lines[0], QStringLiteral("time_s,position/n,position/d"));
    QCOMPARE(lines[1], QStringLiteral("1.000000,0,-2.25"));
    QCOMPARE(lines[2], QStringLiteral("1.005000,,-2.5"));
    QCOMPARE(lines[3], QStringLiteral("1.010000,0.5,"));
    QCOMPARE(lines.last(), QStringLiteral("5.990000,249.5,"));
}

void TestPlotParts::csvKeepsOnlyTheRangeAndOneColumnPerName()
{
    TelemetryHub hub(1000);
    const int v = hub.declare(QStringLiteral("velocity/n"), QStringLiteral("m/s"));
    for (int i = 0; i < 10; ++i)
        hub.pushValue(v, i, i * 1.5);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plots.csv"));
    // Shown in two plots: one column.
    QVERIFY(writePlotsCsv(hub,
                          {{v, QStringLiteral("velocity/n")}, {v, QStringLiteral("velocity/n")}},
                          2.0, 4.0, path));
    QCOMPARE(readLines(path),
             (QStringList{QStringLiteral("time_s,velocity/n"), QStringLiteral("2.000000,3"),
                          QStringLiteral("3.000000,4.5"), QStringLiteral("4.000000,6")}));
    // Nothing shown: the header alone.
    QVERIFY(writePlotsCsv(hub, {}, 0.0, 10.0, path));
    QCOMPARE(readLines(path), QStringList{QStringLiteral("time_s")});
}

void TestPlotParts::csvReportsAnUnwritablePath()
{
    TelemetryHub hub(10);
    QString error;
    QVERIFY(!writePlotsCsv(hub, {}, 0.0, 1.0, QStringLiteral("/no/such/folder/plots.csv"), &error));
    QVERIFY(!error.isEmpty());
}

void TestPlotParts::treeGroupsSeriesAndChecksTheWantedOnes()
{
    TelemetryHub hub(10); // declares the SimFrame's series at once ("position/n", ...)
    SignalTree tree(4);
    QCOMPARE(tree.objectName(), QStringLiteral("signalTree"));
    const QStringList shown[4] = {{QStringLiteral("lab/rig/beta")}, {}, {}, {}};
    QVERIFY(!tree.sync(hub, shown)); // none of the frame's series is wanted
    QVERIFY(row(tree, QStringLiteral("n")));
    hub.declare(QStringLiteral("lab/rig/alpha"), QStringLiteral("m"));
    QVERIFY(!tree.sync(hub, shown)); // a series nobody wants: the plots need not rebuild
    hub.declare(QStringLiteral("lab/rig/beta"), QStringLiteral("rad"));
    hub.declare(QStringLiteral("lab/gamma"));
    QVERIFY(tree.sync(hub, shown));  // a wanted one appeared
    QVERIFY(!tree.sync(hub, shown)); // and nothing new since
    QTreeWidgetItem *beta = row(tree, QStringLiteral("beta"));
    QVERIFY(beta);
    QTreeWidgetItem *rig = beta->parent();
    QCOMPARE(rig->text(SignalTree::kColName), QStringLiteral("rig"));
    QCOMPARE(rig->childCount(), 2); // alpha and beta share their group row
    QCOMPARE(rig->parent()->text(SignalTree::kColName), QStringLiteral("lab"));
    QCOMPARE(rig->parent()->childCount(), 2); // rig and gamma
    QCOMPARE(beta->toolTip(SignalTree::kColName), QStringLiteral("lab/rig/beta [rad]"));
    QCOMPARE(row(tree, QStringLiteral("gamma"))->toolTip(SignalTree::kColName),
             QStringLiteral("lab/gamma"));
    QCOMPARE(beta->checkState(SignalTree::kColFirstPlot), Qt::Checked);
    QCOMPARE(beta->checkState(SignalTree::kColFirstPlot + 1), Qt::Unchecked);
    QCOMPARE(row(tree, QStringLiteral("alpha"))->checkState(SignalTree::kColFirstPlot),
             Qt::Unchecked);
}

void TestPlotParts::treeTellsOnlyTheOperatorsClicks()
{
    TelemetryHub hub(10);
    hub.declare(QStringLiteral("position/n"), QStringLiteral("m"));
    hub.declare(QStringLiteral("velocity/n"), QStringLiteral("m/s"));
    SignalTree tree(4);
    const QStringList none[4];
    tree.sync(hub, none);
    QSignalSpy spy(&tree, &SignalTree::shownChanged);
    // The panel's own change: shown, not echoed back.
    tree.setShown(1, QStringLiteral("velocity/n"), true);
    QTreeWidgetItem *velocity = nullptr;
    for (QTreeWidgetItem *item :
         tree.findItems(QStringLiteral("n"), Qt::MatchExactly | Qt::MatchRecursive))
        if (item->parent()->text(SignalTree::kColName) == QLatin1String("velocity"))
            velocity = item;
    QVERIFY(velocity);
    QCOMPARE(velocity->checkState(SignalTree::kColFirstPlot + 1), Qt::Checked);
    QCOMPARE(spy.count(), 0);
    // The operator's click (the item's check state changed from outside the tree's own calls).
    velocity->setCheckState(SignalTree::kColFirstPlot + 2, Qt::Checked);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toInt(), 2);
    QCOMPARE(spy.at(0).at(1).toString(), QStringLiteral("velocity/n"));
    QCOMPARE(spy.at(0).at(2).toBool(), true);
    // A group row has no series: its changes mean nothing.
    velocity->parent()->setCheckState(SignalTree::kColFirstPlot, Qt::Checked);
    QCOMPARE(spy.count(), 1);
}

void TestPlotParts::treeShowsValuesInTheShownUnit()
{
    TelemetryHub hub(10);
    const int roll = hub.declare(QStringLiteral("attitude/roll"), QStringLiteral("rad"));
    SignalTree tree(4);
    const QStringList none[4];
    tree.sync(hub, none);
    tree.expandAll();
    hub.pushValue(roll, 1.0, M_PI / 2);
    tree.showValues(hub, false, QLocale::c());
    QTreeWidgetItem *item = row(tree, QStringLiteral("roll"));
    QCOMPARE(item->text(SignalTree::kColValue), QStringLiteral("1.571 rad"));
    tree.showValues(hub, true, QLocale(QLocale::German));
    QCOMPARE(item->text(SignalTree::kColValue), QStringLiteral("90 °"));
    // A collapsed group's rows are not on screen: left as they were.
    hub.pushValue(roll, 2.0, 0.0);
    item->parent()->setExpanded(false);
    tree.showValues(hub, true, QLocale::c());
    QCOMPARE(item->text(SignalTree::kColValue), QStringLiteral("90 °"));
}

void TestPlotParts::cursorReadsTheValuesUnderTheMouse()
{
    QCustomPlot plot;
    plot.resize(600, 300);
    auto cursor = std::make_unique<PlotCursor>(&plot);
    auto *rect = plot.axisRect();
    rect->axis(QCPAxis::atBottom)->setRange(0.0, 10.0);
    QCPGraph *g = plot.addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    for (int i = 0; i <= 10; ++i)
        g->addData(i, i * 2.0);
    cursor->addPlot(rect);
    cursor->setTraces({{g, QStringLiteral("position/n"), QStringLiteral("m")}});
    plot.show();
    QVERIFY(QTest::qWaitForWindowExposed(&plot));
    plot.replot();
    QVERIFY(std::isnan(cursor->time()));
    auto *readout = plot.findChild<QLabel *>(QStringLiteral("cursorReadout"));
    QVERIFY(readout);
    QVERIFY(!readout->isVisible());

    const int x = int(rect->axis(QCPAxis::atBottom)->coordToPixel(5.5));
    QTest::mouseMove(&plot, QPoint(x, rect->center().y()));
    QTRY_VERIFY(!std::isnan(cursor->time()));
    QVERIFY(std::abs(cursor->time() - 5.5) < 0.1);
    QVERIFY(readout->isVisible());
    QVERIFY2(readout->text().contains(QStringLiteral("10 m")), qPrintable(readout->text()));

    // The plot scrolls on (live): the same pixel column is a later time.
    rect->axis(QCPAxis::atBottom)->setRange(2.0, 12.0);
    cursor->refresh();
    QVERIFY(std::abs(cursor->time() - 7.5) < 0.1);
    QVERIFY2(readout->text().contains(QStringLiteral("14 m")), qPrintable(readout->text()));

    // Over an axis (outside the plot's rect): no time there.
    QTest::mouseMove(&plot, QPoint(2, rect->center().y()));
    QTRY_VERIFY(std::isnan(cursor->time()));
    QVERIFY(!readout->isVisible());
}

QTEST_MAIN(TestPlotParts)
#include "tst_plotparts.moc"
