## Що вузол каже про кімнати, партії й турніри: ідентифікатор повідомлення з аргументами, сказане мовою читача.
## Ім'я гравця — як його введено (не перекладається); бот сервера — lobby-bot з перекладеним рівнем.

lobby-bot = бот ({ $level ->
    [random] випадковий
    [easy] легкий
    [medium] середній
    [hard] сильний
    [max] макс.
   *[other] { $level }
})
lobby-bot-nth = бот ({ $level ->
    [random] випадковий
    [easy] легкий
    [medium] середній
    [hard] сильний
    [max] макс.
   *[other] { $level }
}) #{ NUMBER($n) }

lobby-end-resigned = { $name }: партію здано
lobby-end-left = { $name }: вихід із гри
lobby-end-left-early = { $name }: вихід до першого ходу
lobby-end-flag = { $name }: час вичерпано
lobby-end-gone = { $name }: вихід без повернення вчасно
lobby-end-engine-failed = { $name }: збій рушія — поразка за часом
lobby-end-engine-failed-how = { $name }: збій рушія ({ $failure }) — поразка за часом
lobby-end-draw-agreed = нічия за згодою
lobby-end-no-first-move = немає першого ходу протягом { NUMBER($s) } с
lobby-end-challenge-expired = виклик минув: { $name } не відповідає протягом { NUMBER($s) } с
lobby-end-challenge-declined = { $name }: виклик відхилено
lobby-end-all-left = усі гравці вийшли до початку
lobby-end-closed = кімнату закрито
lobby-end-admin = скасовано адміністратором: { $reason }
lobby-end-creator-closed = кімнату закрито її автором
