#pragma once
// LabSettingsDialog: the lab's options (docs/lab.md) for the window — broker URL, rig name, user,
// the password *file*, TLS files, state rate — kept in the program's settings (group "lab") and
// applied at the next start when the command line has no --lab. There is no password field: the
// settings hold the file's path, never the password. GUI thread; no I/O but QSettings.

#include <QDialog>

class QLabel;
class QLineEdit;
class QSettings;
class QDoubleSpinBox;
class QFormLayout;

namespace hil {

class LinkOptions;
namespace lab {
struct LabConfig;
}

class LabSettingsDialog : public QDialog
{
    Q_OBJECT
public:
    LabSettingsDialog(QSettings *settings, QWidget *parent = nullptr);

    /// The saved lab options into `options` (as --lab, --rig, ... would set them), unless the
    /// command line already has --lab. Returns whether it added them.
    static bool applySaved(QSettings &settings, LinkOptions &options);
    /// The lab the instructor's view watches: the broker this station publishes to (`options`'
    /// --lab), else the one saved in `settings`. False with *error in the operator's words.
    static bool instructorConfig(LinkOptions options, QSettings &settings, lab::LabConfig *config,
                                 QString *error);

    void accept() override;

private:
    QLineEdit *addFileRow(QFormLayout *form, const QString &label, const QString &name);

    QSettings *m_settings;
    QLineEdit *m_url, *m_rig, *m_user, *m_password, *m_ca, *m_cert, *m_key;
    QDoubleSpinBox *m_rate;
    QLabel *m_error;
};

} // namespace hil
