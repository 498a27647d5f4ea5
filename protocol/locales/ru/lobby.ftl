## Что узел говорит о комнатах, партиях и турнирах: идентификатор сообщения с аргументами, сказанный на языке читателя.
## Имя игрока — как его ввели (не переводится); бот сервера — lobby-bot с переведённым уровнем.

lobby-bot = бот ({ $level ->
    [random] случайный
    [easy] лёгкий
    [medium] средний
    [hard] сильный
    [max] макс.
   *[other] { $level }
})
lobby-bot-nth = бот ({ $level ->
    [random] случайный
    [easy] лёгкий
    [medium] средний
    [hard] сильный
    [max] макс.
   *[other] { $level }
}) #{ NUMBER($n) }

lobby-end-resigned = { $name }: партия сдана
lobby-end-left = { $name }: выход из игры
lobby-end-left-early = { $name }: выход до первого хода
lobby-end-flag = { $name }: время вышло
lobby-end-gone = { $name }: выход без возвращения вовремя
lobby-end-engine-failed = { $name }: сбой движка — поражение по времени
lobby-end-engine-failed-how = { $name }: сбой движка ({ $failure }) — поражение по времени
lobby-end-draw-agreed = ничья по соглашению
lobby-end-no-first-move = нет первого хода в течение { NUMBER($s) } с
lobby-end-challenge-expired = вызов истёк: { $name } не отвечает в течение { NUMBER($s) } с
lobby-end-challenge-declined = { $name }: вызов отклонён
lobby-end-all-left = все игроки вышли до начала
lobby-end-closed = комната закрыта
lobby-end-admin = отменено администратором: { $reason }
lobby-end-creator-closed = комната закрыта её автором
