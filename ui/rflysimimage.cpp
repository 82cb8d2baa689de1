#include "ui/rflysimimage.h"

namespace hil {

QImage toQImage(const ImageFrame &frame)
{
    if (frame.format == ImageFrame::Format::Jpeg)
        return QImage::fromData(frame.bytes, "JPG");
    const int bpp = ImageFrame::bytesPerPixel(frame.format);
    if (frame.width <= 0 || frame.height <= 0 ||
        static_cast<qint64>(frame.width) * frame.height * bpp != frame.bytes.size())
        return {};
    const auto *data = reinterpret_cast<const uchar *>(frame.bytes.constData());
    const qsizetype stride = static_cast<qsizetype>(frame.width) * bpp;
    switch (frame.format) {
    case ImageFrame::Format::Bgr8:
        // RflySim (OpenCV) order is B, G, R: swap into RGB888 while copying.
        return QImage(data, frame.width, frame.height, stride, QImage::Format_RGB888).rgbSwapped();
    case ImageFrame::Format::Mono8:
        return QImage(data, frame.width, frame.height, stride, QImage::Format_Grayscale8).copy();
    case ImageFrame::Format::Mono16:
        return QImage(data, frame.width, frame.height, stride, QImage::Format_Grayscale16).copy();
    case ImageFrame::Format::Jpeg:
        break;
    }
    return {};
}

} // namespace hil
