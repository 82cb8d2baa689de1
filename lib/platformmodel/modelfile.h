#pragma once
// The platform-model file (`--platform-model FILE`): a ModelConfig as a small JSON object, one
// installation's geometry, envelope and washout. Every field is optional (missing = the default,
// platformmodel.h), an unknown key is an error that names it, units are in the key names (m,
// deg, rad_s, deg_s, hz), and numbers go through QJsonDocument (locale-free). Each object may
// hold a "comment" string. Format and an example: docs/platform-model.md,
// docs/examples/platform-model.json. Pure functions, any thread.

#include "platformmodel/platformmodel.h"

#include <QByteArray>
#include <QString>

namespace hil::platformmodel {

/// Reads path into *out (starting from the defaults). False with *error naming the file and the
/// key (e.g. "washout.surge_damping: must be > 0") when it cannot be used; *out is then untouched.
bool readModelFile(const QString &path, ModelConfig *out, QString *error);
/// The same from bytes; origin names the source in errors.
bool parseModelFile(const QByteArray &json, const QString &origin, ModelConfig *out,
                    QString *error);
/// Every field of config, indented JSON; angles in degrees. comment: the file's top-level
/// "comment" (where the values come from); empty: the defaults' assumption note.
QByteArray writeModelFile(const ModelConfig &config, const QString &comment = {});

} // namespace hil::platformmodel
