## Какво казва възелът за стаите, партиите и турнирите: идентификатор на съобщение с аргументите му, на езика на читателя.
## Името на играч е както е въведено (не се превежда); бот на сървъра е lobby-bot с преведено ниво.

lobby-bot = бот ({ $level ->
    [random] случаен
    [easy] лесен
    [medium] среден
    [hard] силен
    [max] макс.
   *[other] { $level }
})
lobby-bot-nth = бот ({ $level ->
    [random] случаен
    [easy] лесен
    [medium] среден
    [hard] силен
    [max] макс.
   *[other] { $level }
}) #{ NUMBER($n) }

lobby-end-resigned = { $name }: партията е предадена
lobby-end-left = { $name }: напускане на играта
lobby-end-left-early = { $name }: напускане преди първия ход
lobby-end-flag = { $name }: времето изтече
lobby-end-gone = { $name }: напускане без връщане навреме
lobby-end-engine-failed = { $name }: повреда на двигателя — загуба по време
lobby-end-engine-failed-how = { $name }: повреда на двигателя ({ $failure }) — загуба по време
lobby-end-draw-agreed = реми по взаимно съгласие
lobby-end-no-first-move = няма първи ход в рамките на { NUMBER($s) } с
lobby-end-challenge-expired = предизвикателството изтече: { $name } не отговаря в рамките на { NUMBER($s) } с
lobby-end-challenge-declined = { $name }: предизвикателството е отказано
lobby-end-all-left = всички играчи напуснаха преди началото
lobby-end-closed = стаята е затворена
lobby-end-admin = прекратено от администратор: { $reason }
lobby-end-creator-closed = стаята е затворена от създателя ѝ
