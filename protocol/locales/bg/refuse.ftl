# Точните откази на възела (say в съобщението error, server/refusals.py). Въведеното ($name, $room, $text...)
# идва вече в кавички; $game е името на игра, което клиентът казва така, както се учи (game-<име>); ключове като
# games_per_pairing са имена на полета от протокола и не се превеждат.

## Играчи, имена и сесии
refuse-no-player = няма регистриран играч с име { $name }
refuse-no-rated-game = { $name }: още няма нито една партия с рейтинг
refuse-versions = говорите версии на протокола { $offered }; този сървър — { $supported }
refuse-has-session = тази връзка вече има сесия
refuse-bad-token = този токен не отговаря на никоя сесия тук: поздравете отново (hello)
refuse-banned = името { $name } е забранено на този сървър: { $reason }
refuse-wrong-secrets = твърде много грешни тайни за { $name }; опитайте пак след { NUMBER($s) } с
refuse-secret-no-player = няма регистриран играч с име { $name } (поздравете без тайна, за да играете като гост)
refuse-name-registered = { $name } е име на регистриран играч: поздравете с неговата тайна или изберете друго име
refuse-wrong-secret = това не е тайната на играча { $name }
refuse-name-exists = името { $name } вече е регистрирано (имената не се повтарят независимо от главни и малки букви): изберете друго
refuse-rate = повече от { NUMBER($n) } { $n ->
    [one] заявка
   *[other] заявки
} в секунда: по-бавно

## Стаи и места
refuse-no-room = няма стая { $room }
refuse-no-room-here = на този сървър няма стая { $room }
refuse-no-code = никоя стая няма такъв код за покана
refuse-room-or-code = посочете идентификатора на стаята ('room') или кода ѝ за покана ('code')
refuse-room-seats = място { $seat }: в тази стая местата са 0..{ $last }
refuse-game-seats = място { $seat }: в „{ $game }“ местата са 0..{ $last }
refuse-bot-seat = място { $seat } е за бот
refuse-not-in-queue = не чакате за бърза игра
refuse-stopping-rooms = сървърът спира: нови стаи няма да има
refuse-server-rooms = на този сървър вече има най-големия позволен брой незавършени стаи ({ NUMBER($n) }): опитайте по-късно
refuse-your-rooms = вече имате { NUMBER($n) } { $n ->
    [one] незавършена стая
   *[other] незавършени стаи
}: първо завършете или напуснете една
refuse-list-total = { $param }: „{ $game }“ на сървъра позволява сбор най-много { NUMBER($most) }
refuse-too-many-moves = „{ $game }“ с тези параметри: в началото { NUMBER($n) } { $n ->
    [one] възможен ход
   *[other] възможни хода
}; стая на сървъра позволява най-много { NUMBER($most) }
refuse-room-taken-over = стая { $room }: партията в нея тече и друг възел тъкмо я поема; изпратете пак
refuse-room-not-shown = стая { $room } не може да се покаже: { $why }; записът ѝ е запазен (get_record)
refuse-room-closed = стая { $room }: партията е свършила и стаята е затворена: { $what ->
    [rematch] реванш
   *[chat] чат
} вече няма да има (нови игри — в лобито)
refuse-still-playing = стая { $room }: партията още { $status ->
    [waiting] чака играчи
    [playing] тече
   *[other] не е свършила ({ $status })
}
refuse-record-format = формат { $format }: в стая { $room } се игра „{ $game }“; партията може да се запише като { $formats }

## Партии с рейтинг
refuse-you-are-guest = { $name } е гост: регистрирайте име (grundy register ИМЕ) и поздравете с неговата тайна или играйте без рейтинг
refuse-rated-guest = { $name } е гост; партия с рейтинг е само за двама регистрирани играчи
refuse-rated-seats = „{ $game }“ тук: { NUMBER($seats) } { $seats ->
    [one] място
   *[other] места
}; партия с рейтинг има две
refuse-rated-bots = партия с рейтинг има най-много едно място за бот на сървъра

## Покани
refuse-self-challenge = не можете да поканите сами себе си
refuse-self-elsewhere = { $name } сте вие на друго устройство: не можете да поканите сами себе си
refuse-no-session = няма играч на линия със сесия { $session } (вижте list_players)
refuse-challenges-waiting = вече имате { NUMBER($n) } { $n ->
    [one] покана, която чака
   *[other] покани, които чакат
} отговор: изчакайте отговора на една или напуснете стаята ѝ
refuse-no-challenge = стая { $room }: няма покана към вас, която чака отговор (вече е отговорена, оттеглена или е изтекла)
refuse-kept-seat = място { $seat }: в тази покана за вас е запазено място { $kept }
refuse-seat-kept-for = място { $seat } е запазено за { $name }: само този играч може да го заеме
refuse-seat-kept = място { $seat } е запазено за поканения играч: никой друг не може да го заеме

## Анализ
refuse-analysis-kind = { $kind }: без стая се анализират само позиция, дърво или изпитът
refuse-analysis-game = game: посочете играта за анализ (или стаята)
refuse-analysis-puzzle = puzzle: посочете задачата (id от списъка puzzles)
refuse-exam-keys = { $key }: изпитът приема { $keys }

## Параметри на играта ($param в кавички; какво приема според $kind, както в server-allowed-*)

## Турнири: създаване
refuse-stopping-tournaments = сървърът спира: нови турнири няма да има
refuse-t-unknown = няма турнир { $id }
refuse-t-too-many = вече имате { NUMBER($n) } { $n ->
    [one] отворен турнир
   *[other] отворени турнира
}: първо започнете един
refuse-t-bot-level = bots[{ $i }]: ниво { $level } не е едно от { $levels }
refuse-t-format = format: { $format } не е едно от { $formats }
refuse-t-two-seats = game: турнирът ({ $format ->
    [round-robin] всеки срещу всеки
    [swiss] швейцарска система
    [knockout] с елиминации
    [gauntlet] един срещу всички
   *[other] { $format }
}) събира по двама играчи в партия, а „{ $game }“ с тези параметри: { NUMBER($seats) } { $seats ->
    [one] място
   *[other] места
} (турнири за трима и повече играчи в партия не се поддържат)
refuse-t-setting = { $key }: { NUMBER($value) } не е в границите { NUMBER($lo) }..{ NUMBER($hi) }
refuse-t-swiss-rounds = rounds: швейцарската система иска брой кръгове от 1 до { NUMBER($most) }, а е даден { $rounds }
refuse-t-rounds-swiss-only = rounds: брой кръгове се задава само при швейцарската система
refuse-t-double-robin-only = double: двоен може да е само турнир всеки срещу всеки
refuse-t-challenger-gauntlet-only = challenger: претендент има само в турнир „един срещу всички“
refuse-t-openings = openings: { NUMBER($n) } { $n ->
    [one] дебют
   *[other] дебюта
}, а може най-много { NUMBER($most) }
refuse-t-openings-secret = openings: в „{ $game }“ всеки път има ново тайно разположение, затова дебют не може да се провери предварително
refuse-t-opening-moves = openings[{ $i }]: { NUMBER($n) } { $n ->
    [one] ход
   *[other] хода
}, а може най-много { NUMBER($most) }
refuse-t-opening-not-text = openings[{ $i }]: ход { $move } не е текст: { $text }
refuse-t-opening-over-before = openings[{ $i }]: партията е свършила още преди ход { $move } { $text }
refuse-t-opening-illegal = openings[{ $i }]: ход { $move } { $text } не е позволен: { $why }
refuse-t-opening-ends-at = openings[{ $i }]: дебютът завършва партията на ход { $move } { $text }: не остава нищо за игра
refuse-t-opening-ends = openings[{ $i }]: дебютът завършва партията: не остава нищо за игра

## Турнири: участие, оттегляне, начало, спиране (турнир $id)
refuse-t-started = турнир { $id }: вече е започнал
refuse-t-finished = турнир { $id }: свършил е
refuse-t-kind = турнир { $id }: видът участник { $kind } не е един от human, bot, hosted
refuse-t-full = турнир { $id }: в него вече има { NUMBER($n) } { $n ->
    [one] участник
   *[other] участници
}
refuse-t-games = турнир { $id }: в него има { NUMBER($n) } { $n ->
    [one] участник
   *[other] участници
}: още един би дал повече от { NUMBER($most) } партии
refuse-t-organiser-bots = турнир { $id }: ботове на сървъра добавя само организаторът
refuse-t-level = турнир { $id }: ниво { $level } не е едно от { $levels }
refuse-t-level-hosted-only = турнир { $id }: ниво се задава само за ботове на сървъра
refuse-t-no-name = турнир { $id }: участникът трябва да има име
refuse-t-entered = турнир { $id }: тази сесия вече е записана
refuse-t-plays-another = турнир { $id }: тази сесия играе за друг участник
refuse-t-not-entrant = турнир { $id }: { $who } не е участник
refuse-t-organiser-withdraws = турнир { $id }: други участници може да оттегля само организаторът
refuse-t-organiser-starts = турнир { $id }: само организаторът може да го започне
refuse-t-creator-stops = турнир { $id }: само организаторът може да го спре
refuse-t-cannot-start-too-few = турнир { $id }: за формата { $format } са нужни поне 2 участници, а записаните са { NUMBER($entered) }
refuse-t-cannot-start-swiss-rounds = турнир { $id }: за { NUMBER($rounds) } кръга по швейцарската система без повторни двойки са нужни повече участници от { NUMBER($entered) } (най-много { NUMBER($most) } кръга)
refuse-t-cannot-start-no-challenger = турнир { $id }: претендентът { $challenger } не е сред участниците

## Уеб страницата на възела (прости текстови отговори за браузъра)
refuse-http-method = тук се обслужват само GET и HEAD
refuse-http-long-path = пътят може да е най-много { NUMBER($n) } знака
refuse-http-no-page = няма такава страница: играта е на /
refuse-http-no-file = в тази инсталация няма файл { $name }
