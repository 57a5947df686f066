// Drives the real Qt Quick SpringAnimation with a deterministic animation driver and prints the animated
// property after every frame as CSV: t,position (t = n / RATE; Qt sees floor(n * 1000 / RATE) whole ms).
// The run stops on the frame where the animation stops running.
//
//   QT_QPA_PLATFORM=offscreen qt-harness SPRING DAMPING MASS EPSILON FROM TO RATE [VELOCITY]
//
// VELOCITY is SpringAnimation's `velocity`: a speed limit (0, the default: none).
#include <QAnimationDriver>
#include <QGuiApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQmlProperty>
#include <cmath>
#include <cstdio>
#include <cstdlib>

class ExactDriver : public QAnimationDriver {
public:
    explicit ExactDriver(double rate) : rate(rate) {}
    qint64 elapsed() const override { return qint64(std::floor(double(n) * 1000.0 / rate)); }
    void step() { ++n; advance(); }
    long n = 0;

protected:
    void start() override { n = 0; QAnimationDriver::start(); }

private:
    double rate;
};

int main(int argc, char **argv) {
    if (argc != 8 && argc != 9) {
        std::fprintf(stderr, "usage: qt-harness SPRING DAMPING MASS EPSILON FROM TO RATE [VELOCITY]\n");
        return 2;
    }
    double spring = std::atof(argv[1]), damping = std::atof(argv[2]), mass = std::atof(argv[3]);
    double epsilon = std::atof(argv[4]), from = std::atof(argv[5]), to = std::atof(argv[6]), rate = std::atof(argv[7]);
    double velocity = argc == 9 ? std::atof(argv[8]) : 0;
    QGuiApplication app(argc, argv);
    ExactDriver driver(rate);
    driver.install();
    QQmlEngine engine;
    QQmlComponent component(&engine);
    component.setData("import QtQuick\nItem { id: root; property real pos: 0\n"
                      "  property SpringAnimation anim: SpringAnimation { target: root; property: \"pos\" } }", QUrl());
    QObject *root = component.create();
    if (!root) {
        std::fprintf(stderr, "qt-harness: %s\n", qPrintable(component.errorString()));
        return 1;
    }
    QObject *animation = root->property("anim").value<QObject *>();
    animation->setProperty("spring", spring);
    animation->setProperty("damping", damping);
    animation->setProperty("mass", mass);
    animation->setProperty("epsilon", epsilon);
    animation->setProperty("velocity", velocity);
    animation->setProperty("from", from);
    animation->setProperty("to", to);
    root->setProperty("pos", from);
    QMetaObject::invokeMethod(animation, "start");
    for (int i = 0; i < 10 && !driver.isRunning(); i++) app.processEvents();
    std::printf("t,position\n0.0000000,%.17g\n", root->property("pos").toDouble());
    for (long frame = 1; frame < 100000; frame++) {
        driver.step();
        app.processEvents();
        std::printf("%.7f,%.17g\n", double(frame) / rate, root->property("pos").toDouble());
        if (!animation->property("running").toBool()) break;
    }
    return 0;
}
