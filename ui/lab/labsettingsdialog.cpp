#include "ui/lab/labsettingsdialog.h"
#include "core/linkoptions.h"
#include "lab/labconfig.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

namespace hil {

namespace {
// QSettings keys (group "lab") -> the command-line option each stands for.
const char *const kKeys[][2] = {{"url", "lab"},       {"rig", "rig"},
                                {"user", "lab-user"}, {"password_file", "lab-password-file"},
                                {"ca", "lab-ca"},     {"cert", "lab-cert"},
                                {"key", "lab-key"}};
} // namespace

LabSettingsDialog::LabSettingsDialog(QSettings *settings, QWidget *parent)
    : QDialog(parent), m_settings(settings)
{
    setObjectName(QStringLiteral("labSettingsDialog"));
    setWindowTitle(tr("Lab settings"));
    auto *box = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    box->addLayout(form);
    auto line = [&](const QString &label, const QString &name) {
        auto *e = new QLineEdit(this);
        e->setObjectName(name);
        form->addRow(label, e);
        return e;
    };
    m_url = line(tr("Broker (mqtt:// or mqtts://)"), QStringLiteral("labUrl"));
    m_rig = line(tr("Rig name"), QStringLiteral("labRig"));
    m_user = line(tr("User"), QStringLiteral("labUser"));
    m_password = addFileRow(form, tr("Password file"), QStringLiteral("labPasswordFile"));
    m_ca = addFileRow(form, tr("CA certificate"), QStringLiteral("labCa"));
    m_cert = addFileRow(form, tr("Client certificate"), QStringLiteral("labCert"));
    m_key = addFileRow(form, tr("Client key"), QStringLiteral("labKey"));
    m_rate = new QDoubleSpinBox(this);
    m_rate->setObjectName(QStringLiteral("labRate"));
    m_rate->setRange(0.1, 1000.0);
    m_rate->setDecimals(1);
    m_rate->setSuffix(QStringLiteral(" Hz"));
    form->addRow(tr("State rate"), m_rate);
    auto *note = new QLabel(tr("The password is read from its file when the lab connects; it is "
                               "never stored here. Applied at the next start."),
                            this);
    note->setWordWrap(true);
    box->addWidget(note);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("labError"));
    m_error->setStyleSheet(QStringLiteral("color:#d0453c"));
    box->addWidget(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    box->addWidget(buttons);

    m_settings->beginGroup(QStringLiteral("lab"));
    m_url->setText(m_settings->value(QStringLiteral("url")).toString());
    m_rig->setText(m_settings->value(QStringLiteral("rig")).toString());
    m_rig->setPlaceholderText(lab::defaultRigName());
    m_user->setText(m_settings->value(QStringLiteral("user")).toString());
    m_password->setText(m_settings->value(QStringLiteral("password_file")).toString());
    m_ca->setText(m_settings->value(QStringLiteral("ca")).toString());
    m_cert->setText(m_settings->value(QStringLiteral("cert")).toString());
    m_key->setText(m_settings->value(QStringLiteral("key")).toString());
    // Stored as text in the C locale: a German settings file must not read "50,0".
    bool ok = false;
    const double rate =
        QLocale::c().toDouble(m_settings->value(QStringLiteral("rate")).toString(), &ok);
    m_rate->setValue(ok ? rate : 50.0);
    m_settings->endGroup();
}

QLineEdit *LabSettingsDialog::addFileRow(QFormLayout *form, const QString &label,
                                         const QString &name)
{
    auto *row = new QHBoxLayout;
    auto *e = new QLineEdit(this);
    e->setObjectName(name);
    auto *browse = new QPushButton(tr("Browse…"), this);
    row->addWidget(e, 1);
    row->addWidget(browse);
    form->addRow(label, row);
    connect(browse, &QPushButton::clicked, this, [this, e, label] {
        const QString f = QFileDialog::getOpenFileName(this, label, e->text());
        if (!f.isEmpty())
            e->setText(f);
    });
    return e;
}

void LabSettingsDialog::accept()
{
    const QString url = m_url->text().trimmed();
    QString why;
    lab::BrokerUrl parsed;
    if (!url.isEmpty() && !lab::parseBrokerUrl(url, &parsed, &why)) {
        m_error->setText(tr("Broker: %1").arg(why));
        return;
    }
    const QString rig = m_rig->text().trimmed();
    if (!rig.isEmpty() && !lab::isValidRigName(rig)) {
        m_error->setText(tr("Rig name: 1 to 64 of A-Z a-z 0-9 _ -"));
        return;
    }
    m_settings->beginGroup(QStringLiteral("lab"));
    m_settings->setValue(QStringLiteral("url"), url.isEmpty() ? QString() : parsed.text());
    m_settings->setValue(QStringLiteral("rig"), rig);
    m_settings->setValue(QStringLiteral("user"), m_user->text().trimmed());
    m_settings->setValue(QStringLiteral("password_file"), m_password->text().trimmed());
    m_settings->setValue(QStringLiteral("ca"), m_ca->text().trimmed());
    m_settings->setValue(QStringLiteral("cert"), m_cert->text().trimmed());
    m_settings->setValue(QStringLiteral("key"), m_key->text().trimmed());
    m_settings->setValue(QStringLiteral("rate"), QLocale::c().toString(m_rate->value(), 'f', 1));
    m_settings->endGroup();
    QDialog::accept();
}

bool LabSettingsDialog::instructorConfig(LinkOptions options, QSettings &settings,
                                         lab::LabConfig *config, QString *error)
{
    applySaved(settings, options);
    const QString url = options.get<QString>(QStringLiteral("lab"));
    if (url.isEmpty()) {
        *error = tr("No broker is set: give --lab, or enter one in View → Lab settings….");
        return false;
    }
    return lab::configFromOptions(options, url, config, error);
}

bool LabSettingsDialog::applySaved(QSettings &settings, LinkOptions &options)
{
    if (options.has(QStringLiteral("lab")))
        return false; // the command line wins
    settings.beginGroup(QStringLiteral("lab"));
    const bool any = !settings.value(QStringLiteral("url")).toString().isEmpty();
    if (any) {
        for (const auto &k : kKeys) {
            const QString v = settings.value(QLatin1String(k[0])).toString();
            if (!v.isEmpty())
                options.set(QLatin1String(k[1]), v);
        }
        bool ok = false;
        const double rate =
            QLocale::c().toDouble(settings.value(QStringLiteral("rate")).toString(), &ok);
        if (ok)
            options.set(QStringLiteral("lab-rate"), rate);
    }
    settings.endGroup();
    return any;
}

} // namespace hil
