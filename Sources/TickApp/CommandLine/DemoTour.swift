/// The tour `tick demo` plays: a key script with a caption before each thing it shows.
///
/// It is an ordinary key script (`tick demo --print-script` prints it), so the same steps play
/// live, print as frames (`tick --script tour.keys --frames`), and run headless in the tests.
public enum DemoTour {
    /// The key script of the tour, written for an 80×24 terminal (it adapts to others); captions
    /// stay short enough to fit beside the playback hint. Its day is fixed, so `@fri` and the due
    /// column read the same whenever it plays, and a recording of it changes only when Tick does.
    public static let script = """
    <Today 2026-12-01 10:00>
    <Caption a adds a todo: !! priority, @fri 15:00 due, #tag>
    aPay rent !! @fri 15:00 #home<Enter>
    <Caption @every makes a todo repeat>
    aWater the plants 🪴 @every day<Enter>
    aShip release 1.0 !!! @tomorrow #work<Enter>
    <Caption c adds a subtask; z folds them away>
    cWrite the release notes<Enter>
    aTag the build #work<Enter><Wait 600ms>
    z<Wait 900ms>
    <Caption x marks done; a repeating todo comes back>
    gjx<Wait 900ms>
    <Caption A shows the agenda: overdue, today, the week>
    A<Wait 1500ms>A
    <Caption / searches with queries: #work !!! is urgent work>
    /#work !!!<Wait 1200ms><Esc>
    <Caption Tick follows the terminal's size>
    <Resize 60x16><Resize 44x12><Wait 600ms><Resize 80x23>
    <Caption h swipes a row left: Edit, Flag and Delete>
    gh<Wait 900ms><Esc>
    <Caption Swiping twice is a full swipe: hh deletes>
    hh<Wait 600ms>
    <Caption A todo added on your phone arrives by sync (simulated)>
    <Remote Call the plumber><Wait 900ms>
    <Caption u undoes your changes, never another device's>
    u<Wait 1000ms>
    <Caption The shell sees the same todos, with their ids>
    <Shell tick ls><Wait 2000ms>
    <Caption ? shows every key; each change is saved at once>
    ?<Wait 1200ms><Esc>
    """

    /// The caption shown at the end, held until a key is pressed.
    public static let ending = "That was the tour of Tick. Press any key to leave"

    /// The caption a recording ends on (nobody can press a key in a recording).
    public static let recordingEnding = "That was the tour of Tick: try it with tick demo"
}
