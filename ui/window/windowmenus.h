#pragma once
// Builds a MainWindow's menus, toolbar and window-wide shortcuts once, at the end of its
// construction, and wires each action to the window or the class that does the work
// (DocumentActions, PresentationMode, the lesson walkthrough). Its text keeps the window's
// translation context ("memplan::ui::MainWindow"), where the menus have always been.

class QAction;
class QMenu;

namespace memplan::ui {

class MainWindow;

class WindowMenus {
public:
    /// Adds File, Edit, View, Lessons and Help, the presenter keys and the main toolbar.
    static void install(MainWindow &window);

private:
    explicit WindowMenus(MainWindow &window) : m_window(window) {}
    void createFileMenu();
    void createEditMenu();
    void createViewMenu();
    void createPresentingActions(QMenu *view);
    void createLanguageMenu(QMenu *view);
    /// Page Down/Up and, while presenting, the arrows, Home and End step the lesson.
    void createPresenterKeys();
    void createLessonsMenu();
    void createHelpMenu();
    void createToolBar();

    MainWindow &m_window;
    // The actions the toolbar repeats from the menus.
    QAction *m_open = nullptr;
    QAction *m_save = nullptr;
    QAction *m_gib = nullptr;
    QAction *m_gb = nullptr;
};

} // namespace memplan::ui
