// The UI-side conversion of RflySim camera frames to QImage: byte order, formats, JPEG.
#include "ui/rflysimimage.h"

#include <QBuffer>
#include <QtTest>

using namespace hil;

class TestRflysimImage : public QObject
{
    Q_OBJECT
private slots:
    void bgr8IsSwappedToRgb()
    {
        ImageFrame f;
        f.width = 2;
        f.height = 1;
        f.format = ImageFrame::Format::Bgr8;
        f.bytes = QByteArray("\x10\x20\x30\x01\x02\x03", 6); // B,G,R per pixel
        const QImage img = toQImage(f);
        QCOMPARE(img.size(), QSize(2, 1));
        QCOMPARE(img.pixel(0, 0), qRgb(0x30, 0x20, 0x10));
        QCOMPARE(img.pixel(1, 0), qRgb(0x03, 0x02, 0x01));
    }
    void monoFormatsAndBadSizes()
    {
        ImageFrame f;
        f.width = 2;
        f.height = 2;
        f.format = ImageFrame::Format::Mono8;
        f.bytes = QByteArray("\x00\x40\x80\xff", 4);
        QImage img = toQImage(f);
        QCOMPARE(img.format(), QImage::Format_Grayscale8);
        QCOMPARE(qGray(img.pixel(1, 1)), 0xff);
        f.format = ImageFrame::Format::Mono16;
        QVERIFY(toQImage(f).isNull()); // 4 bytes cannot be 2×2 mono16
        f.bytes = QByteArray(8, '\x7f');
        QCOMPARE(toQImage(f).format(), QImage::Format_Grayscale16);
    }
    void jpegDecodes()
    {
        QImage src(32, 16, QImage::Format_RGB888);
        src.fill(Qt::red);
        QByteArray jpg;
        QBuffer buf(&jpg);
        buf.open(QIODevice::WriteOnly);
        if (!src.save(&buf, "JPG"))
            QSKIP("no JPEG image plugin");
        const auto f = decodeJpegImage(jpg);
        QVERIFY(f);
        QCOMPARE(f->width, 32);
        QCOMPARE(f->height, 16);
        const QImage img = toQImage(*f);
        QCOMPARE(img.size(), QSize(32, 16));
        QVERIFY(qRed(img.pixel(5, 5)) > 200);
    }
};

QTEST_GUILESS_MAIN(TestRflysimImage)
#include "tst_rflysim_image.moc"
