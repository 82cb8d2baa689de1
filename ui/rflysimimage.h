#pragma once
// toQImage: an RflySim camera frame (lib/rflysim/payloads.h, plain bytes) as a QImage for the
// window. GUI side only (QtGui is not allowed in hilcore). Any thread that may use QImage.
// Raw frames are wrapped with a deep copy (the QImage owns its pixels); BGR8 becomes RGB888,
// mono16 Grayscale16; JPEG is decoded with QImage::fromData. A null QImage when undecodable.

#include "rflysim/payloads.h"

#include <QImage>

namespace hil {

QImage toQImage(const ImageFrame &frame);

} // namespace hil
